import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { TitleBar } from '@/features/layout/TitleBar';
import { LinkResult } from '@/features/user/LinkResult';
import { ResetPasswordView } from '@/features/user/ResetPasswordView';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'user.links' });
  return { title: t('resetTitle'), robots: { index: false }, referrer: 'no-referrer' };
}

/** Where password-reset mails link to. */
export default async function ResetPage({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  const token = (await searchParams).token ?? '';
  const t = await getTranslations('user.links');
  return (
    <>
      <TitleBar title={t('resetTitle')} />
      {token ? (
        <ResetPasswordView token={token} />
      ) : (
        <LinkResult title={t('resetTitle')} text={t('missing')} ok={false} />
      )}
    </>
  );
}
