import { getTranslations } from 'next-intl/server';
import { pageLocale, privateMetadata } from '@/features/layout/private-page';
import { TitleBar } from '@/features/layout/TitleBar';
import { LinkResult } from '@/features/user/LinkResult';
import { LoginLinkView } from '@/features/user/LoginLinkView';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string }> };

export const generateMetadata = privateMetadata('user.links.loginTitle', { fromMail: true });

/** Where login-link mails link to. */
export default async function LoginLinkPage({ params, searchParams }: Props) {
  await pageLocale(params);
  const token = (await searchParams).token ?? '';
  const t = await getTranslations('user.links');
  return (
    <>
      <TitleBar title={t('loginTitle')} />
      {token ? (
        <LoginLinkView token={token} />
      ) : (
        <LinkResult title={t('loginTitle')} text={t('missing')} ok={false} />
      )}
    </>
  );
}
