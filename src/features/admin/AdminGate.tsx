import { forbidden } from 'next/navigation';
import type { ReactNode } from 'react';
import { SessionSeed } from '@/features/auth/SessionSeed';
import { LoginPrompt } from '@/features/user/LoginPrompt';
import { pageUser } from '@/server/accounts/page-user';
import { presentUser } from '@/server/accounts/present';
import { isAdmin, type UserRow } from '@/server/identity/user';

/** Administrators only: visitors are asked to log in, everyone else gets HTTP 403 (on the server). */
export async function AdminGate({ children }: { children: (admin: UserRow) => ReactNode }) {
  const user = await pageUser();
  if (!user) return <LoginPrompt area="admin" />;
  if (!isAdmin(user)) forbidden();
  return (
    <>
      <SessionSeed user={presentUser(user)} />
      {children(user)}
    </>
  );
}
