import { getTranslations } from 'next-intl/server';
import { pageLocale, privateMetadata } from '@/features/layout/private-page';
import { TitleBar } from '@/features/layout/TitleBar';
import { LinkResult } from '@/features/user/LinkResult';
import { VerifyEmailView } from '@/features/user/VerifyEmailView';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string }> };

export const generateMetadata = privateMetadata('user.links.verifyTitle', { fromMail: true });

/** Where verification and email-change mails link to. */
export default async function VerifyPage({ params, searchParams }: Props) {
  await pageLocale(params);
  const token = (await searchParams).token ?? '';
  const t = await getTranslations('user.links');
  return (
    <>
      <TitleBar title={t('verifyTitle')} />
      {token ? (
        <VerifyEmailView token={token} />
      ) : (
        <LinkResult title={t('verifyTitle')} text={t('missing')} ok={false} />
      )}
    </>
  );
}
