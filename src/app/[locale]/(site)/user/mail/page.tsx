import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MAIL_TOPICS, type MailTopic } from '@/contract/account';
import { AntdShell } from '@/features/common/AntdShell';
import { TitleBar } from '@/features/layout/TitleBar';
import { MailPreferences } from '@/features/user/MailPreferences';
import styles from '@/features/user/User.module.css';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ key?: string; off?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'user.mail' });
  return { title: t('title'), robots: { index: false }, referrer: 'no-referrer' };
}

/** The preferences page of every notification mail's footer: by the link's key, or by session. */
export default async function MailSettingsPage({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
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
