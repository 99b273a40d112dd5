import { getTranslations } from 'next-intl/server';
import { MAIL_TOPICS, type MailTopic } from '@/contract/account';
import { AntdShell } from '@/features/common/AntdShell';
import { pageLocale, privateMetadata } from '@/features/layout/private-page';
import { TitleBar } from '@/features/layout/TitleBar';
import { MailPreferences } from '@/features/user/MailPreferences';
import styles from '@/features/user/User.module.css';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ key?: string; off?: string }> };

export const generateMetadata = privateMetadata('user.mail.title', { fromMail: true });

/** The preferences page of every notification mail's footer: by the link's key, or by session. */
export default async function MailSettingsPage({ params, searchParams }: Props) {
  await pageLocale(params);
  const { key, off } = await searchParams;
  const topic = MAIL_TOPICS.find((t) => t === off) as MailTopic | undefined;
  const t = await getTranslations('user.mail');
  return (
    <>
      <TitleBar title={t('title')} />
      <div className={styles.narrow}>
        <AntdShell>
          <MailPreferences linkKey={key} off={topic} />
        </AntdShell>
      </div>
    </>
  );
}
