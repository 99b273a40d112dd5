'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { userVerifyEmail } from '@/contract/api/account';
import { errorText, request } from '@/features/api/client';
import { useSession } from '@/features/auth/SessionProvider';
import { LinkResult } from './LinkResult';

/** The link of a verification or email-change mail: confirmed as soon as the page opens. */
export function VerifyEmailView({ token }: { token: string }) {
  const t = useTranslations('user.links');
  const { user, setUser } = useSession();
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

  return <LinkResult title={t('verifyTitle')} text={result?.text ?? t('working')} ok={result?.ok ?? null} />;
}
