import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { TitleBar } from '@/features/layout/TitleBar';
import { LinkResult } from '@/features/user/LinkResult';
import { VerifyEmailView } from '@/features/user/VerifyEmailView';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'user.links' });
  // The token must not leave in a Referer header, nor the page in a search index.
  return { title: t('verifyTitle'), robots: { index: false }, referrer: 'no-referrer' };
}

/** Where verification and email-change mails link to. */
export default async function VerifyPage({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
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
