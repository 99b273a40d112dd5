import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { SessionSeed } from '@/features/auth/SessionSeed';
import { StatusPage } from '@/features/layout/StatusPage';
import { LoginPrompt } from '@/features/user/LoginPrompt';
import { isAdmin, presentUser, type UserRow } from '@/server/accounts/present';
import { pageUser } from '@/server/market/page-session';

/** Administrators only: visitors are asked to log in, everyone else gets the 403 page (on the server). */
export async function AdminGate({ children }: { children: (admin: UserRow) => ReactNode }) {
  const user = await pageUser();
  if (!user) return <LoginPrompt />;
  if (!isAdmin(user)) {
    const t = await getTranslations();
    return (
      <>
        <SessionSeed user={presentUser(user)} />
        <StatusPage
          code="403"
          title={t('market.admin.forbiddenTitle')}
          description={t('market.admin.forbiddenText')}
          homeLabel={t('common.backHome')}
        />
      </>
    );
  }
  return (
    <>
      <SessionSeed user={presentUser(user)} />
      {children(user)}
    </>
  );
}
