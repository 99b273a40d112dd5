'use client';

import { useEffect } from 'react';
import type { UserInfo } from '@/contract/user';
import { useSession } from './SessionProvider';

/** Rendered by per-request pages: hands the user read from the cookie to the session, no second fetch. */
export function SessionSeed({ user }: { user: UserInfo | null }) {
  const { seed } = useSession();
  useEffect(() => seed(user), [seed, user]);
  return null;
}
