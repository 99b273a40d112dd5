import { getTranslations } from 'next-intl/server';
import { pageLocale, privateMetadata } from '@/features/layout/private-page';
import { TitleBar } from '@/features/layout/TitleBar';
import { LinkResult } from '@/features/user/LinkResult';
import { ResetPasswordView } from '@/features/user/ResetPasswordView';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string }> };

export const generateMetadata = privateMetadata('user.links.resetTitle', { fromMail: true });

/** Where password-reset mails link to. */
export default async function ResetPage({ params, searchParams }: Props) {
  await pageLocale(params);
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
