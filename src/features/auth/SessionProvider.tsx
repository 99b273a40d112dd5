'use client';

import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { userInfo, userLinkLogin, userLogin, userLogout } from '@/contract/api/account';
import type { LoginInput, UserInfo } from '@/contract/user';
import { ApiError, call, request } from '@/features/api/client';
import { usePathname, useRouter } from '@/i18n/navigation';
import { hasSessionFlag, setSessionFlag } from './session-flag';

export type Session = {
  user: UserInfo | null;
  /** False until the client knows whether someone is logged in. */
  ready: boolean;
  /** Each answers the server's success message. */
  login: (input: LoginInput) => Promise<string>;
  /** Logs in with the secret of a mailed login link. */
  loginWithLink: (code: string) => Promise<string>;
  logout: () => Promise<void>;
  refresh: () => Promise<UserInfo | null>;
  /** Takes the user a per-request page read from the cookie, instead of fetching it. */
  seed: (user: UserInfo | null) => void;
  setUser: (user: UserInfo) => void;
};

const SessionContext = createContext<Session | null>(null);

/**
 * `initialUser` is who the server found behind the session cookie (null: no session), so the header
 * renders the account from the first byte; undefined when the server could not tell (database away),
 * and the client asks `user_info` as before.
 */
export function SessionProvider({
  children,
  initialUser,
}: {
  children: ReactNode;
  initialUser?: UserInfo | null;
}) {
  const known = initialUser !== undefined;
  const [user, setUserState] = useState<UserInfo | null>(initialUser ?? null);
  const [ready, setReady] = useState(known);
  const router = useRouter();
  const pathname = usePathname();
  const seeded = useRef(known);

  const clear = useCallback(() => {
    setSessionFlag(false);
    setUserState(null);
    setReady(true);
  }, []);

  const refresh = useCallback(async () => {
    try {
      const info = await call(userInfo, { type: 'info' });
      setSessionFlag(true);
      setUserState(info);
      setReady(true);
      return info;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) clear();
      else setReady(true);
      return null;
    }
  }, [clear]);

  const signIn = useCallback(
    /** `send` makes the call that opens the session (password or mailed link). */
    async (send: () => Promise<{ info: { user: UserInfo }; msg: string }>) => {
      const { info, msg } = await send();
      setSessionFlag(true);
      setUserState(info.user);
      await refresh();
      // Pages rendered per request read the cookie on the server (login prompts, developer centre,
      // audit pages): render them again with the new session, keeping the client's state.
      router.refresh();
      return msg;
    },
    [refresh, router],
  );

  const logout = useCallback(async () => {
    await call(userLogout, {}).catch(() => null);
    if (pathname.startsWith('/market')) router.push('/market');
    else router.refresh();
    clear();
  }, [pathname, router, clear]);

  const seed = useCallback((initial: UserInfo | null) => {
    seeded.current = true;
    setSessionFlag(initial !== null);
    setUserState(initial);
    setReady(true);
  }, []);

  // Startup: fetch the user only when a session may exist and no page handed one over.
  // Children's effects run first, so a <SessionSeed> has already spoken.
  useEffect(() => {
    if (known) setSessionFlag(initialUser !== null);
    if (seeded.current) return;
    if (hasSessionFlag()) void refresh();
    else setReady(true);
  }, [refresh, known, initialUser]);

  const value = useMemo<Session>(
    () => ({
      user,
      ready,
      login: (input) => signIn(() => request(userLogin, input)),
      loginWithLink: (code) => signIn(() => request(userLinkLogin, { code })),
      logout,
      refresh,
      seed,
      setUser: setUserState,
    }),
    [user, ready, signIn, logout, refresh, seed],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
