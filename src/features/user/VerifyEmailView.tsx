'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { userVerifyEmail } from '@/contract/api/account';
import { errorText, request } from '@/features/api/client';
import { useAuthDialog } from '@/features/auth/AuthDialogs';
import { useSession } from '@/features/auth/SessionProvider';
import { LinkResult } from './LinkResult';
import styles from './User.module.css';

/** The link of a verification or email-change mail: confirmed as soon as the page opens. */
export function VerifyEmailView({ token }: { token: string }) {
  const t = useTranslations('user.links');
  const { user, setUser } = useSession();
  const { open } = useAuthDialog();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return; // once, even when React runs effects twice in development
    sent.current = true;
    request(userVerifyEmail, { code: token })
      .then(({ info, msg }) => {
        setResult({ ok: true, text: msg });
        if (user && user.user_id === info.user.user_id)
          setUser({ ...user, ...info.user, pending_email: null });
      })
      .catch((error) => setResult({ ok: false, text: errorText(error) }));
  }, [token, user, setUser]);

  // Registering does not log in: a confirmed address is followed by the login with the password.
  return (
    <LinkResult title={t('verifyTitle')} text={result?.text ?? t('working')} ok={result?.ok ?? null}>
      {result?.ok && !user ? (
        <button type="button" className={styles.primary} onClick={() => open('login')}>
          {t('login')}
        </button>
      ) : undefined}
    </LinkResult>
  );
}
