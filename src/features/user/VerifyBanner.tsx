'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { userResendVerification } from '@/contract/api/account';
import { errorText, failureKind, request } from '@/features/api/client';
import { useToast } from '@/features/common/Toast';
import styles from './User.module.css';

const WAIT_S = 60;

/** Until the address is verified: what the account cannot do yet, and "resend the link" (rate-limited). */
export function VerifyBanner({ email }: { email: string }) {
  const t = useTranslations('user.verify');
  const toast = useToast();
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const resend = async () => {
    setBusy(true);
    try {
      const { msg } = await request(userResendVerification, {});
      toast(msg, 'success');
      setWait(WAIT_S);
    } catch (error) {
      toast(errorText(error), failureKind(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.banner} aria-labelledby="verify-title" data-testid="verify-banner">
      <h2 id="verify-title">{t('title')}</h2>
      <p>{t('text', { email })}</p>
      <button type="button" className={styles.secondary} onClick={resend} disabled={busy || wait > 0}>
        {wait > 0 ? t('resendWait', { seconds: wait }) : t('resend')}
      </button>
    </section>
  );
}
