import { getTranslations } from 'next-intl/server';
import { pageLocale, privateMetadata } from '@/features/layout/private-page';
import { TitleBar } from '@/features/layout/TitleBar';
import { UserView } from '@/features/user/UserView';
import { pageUser } from '@/server/accounts/page-user';
import { presentUser } from '@/server/accounts/present';
import { pendingEmail } from '@/server/accounts/tokens';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privateMetadata('user.title');

/** Private page: rendered per request with the user read from the session cookie. */
export default async function UserPage({ params }: Props) {
  await pageLocale(params);
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
