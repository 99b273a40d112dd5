'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { userDomainWatch } from '@/contract/api/account';
import { errorText, request } from '@/features/api/client';
import { useSession } from '@/features/auth/SessionProvider';
import styles from './WatchDomain.module.css';

/**
 * "Watch this domain", under an injected-code result: mail when the monitor finds the domain
 * injected, or repaired again. Self-contained so the domain view renders it in one line.
 */
export function WatchDomain({ domain }: { domain: string }) {
  const t = useTranslations('user.watch');
  const { user } = useSession();
  const [email, setEmail] = useState(user?.email ?? '');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { msg } = await request(userDomainWatch, { domain, email: email.trim() });
      setAnswer({ ok: true, text: msg });
    } catch (error) {
      setAnswer({ ok: false, text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.watch} onSubmit={submit} aria-labelledby="watch-title" data-testid="watch-domain">
      <p id="watch-title" className={styles.title}>
        {t('title')}
      </p>
      <p className={styles.hint}>{t('hint', { domain })}</p>
      <div className={styles.row}>
        <input
          type="email"
          required
          maxLength={100}
          autoComplete="email"
          aria-label={t('email')}
          placeholder={t('email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" disabled={busy || !email.trim()}>
          {t('submit')}
        </button>
      </div>
      {answer && (
        <p className={answer.ok ? styles.ok : styles.bad} role="status">
          {answer.text}
        </p>
      )}
    </form>
  );
}
