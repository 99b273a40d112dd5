import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { TitleBar } from '@/features/layout/TitleBar';
import { UserView } from '@/features/user/UserView';
import { pageUser } from '@/server/accounts/page-user';
import { presentUser } from '@/server/accounts/present';
import { pendingEmail } from '@/server/accounts/tokens';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'user' });
  return { title: t('title'), robots: { index: false } };
}

/** Private page: rendered per request with the user read from the session cookie. */
export default async function UserPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const row = await pageUser();
  const t = await getTranslations('user');
  return (
    <>
      <TitleBar title={t('title')} />
      <UserView
        serverUser={row ? { ...presentUser(row), pending_email: await pendingEmail(row.id) } : null}
      />
    </>
  );
}
