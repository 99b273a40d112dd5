'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import type { SessionInfo } from '@/contract/account';
import { userSessions, userSessionsRevoke } from '@/contract/api/account';
import { formatTime } from '@/contract/format';
import { call, errorText, failureKind, request } from '@/features/api/client';
import { useLatest } from '@/features/api/use-latest';
import { useSession } from '@/features/auth/SessionProvider';
import { useToast } from '@/features/common/Toast';
import styles from './User.module.css';

/** Active sessions (device, address, last seen), "sign out" per session and "sign out all other sessions". */
export function SessionsCard({ version }: { version: number }) {
  const t = useTranslations('user.sessions');
  const toast = useToast();
  const { refresh } = useSession();
  const [list, setList] = useState<SessionInfo[] | null>(null);

  const latest = useLatest();
  // Only the newest list is shown: a reload after signing out may overtake the first read.
  const load = useCallback(
    () =>
      latest(
        call(userSessions, {}),
        (info) => setList(info.list),
        (error) => toast(errorText(error), failureKind(error)),
      ),
    [latest, toast],
  );

  // `version` changes when another part of the page ended sessions: read the list again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload signal
  useEffect(() => load(), [load, version]);

  const revoke = async (payload: { id: number } | { all: 1 }, self: boolean) => {
    try {
      const { msg } = await request(userSessionsRevoke, payload);
      toast(msg, 'success');
      if (self) await refresh();
      else load();
    } catch (error) {
      toast(errorText(error), failureKind(error));
    }
  };

  return (
    <section className={styles.formCard} aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('title')}</h2>
      <p className={styles.hint}>{t('hint')}</p>
      <ul className={styles.sessions} data-testid="sessions">
        {(list ?? []).map((s) => (
          <li key={s.id}>
            <div>
              <p className={styles.sessionDevice}>
                {s.device || t('unknownDevice')}
                {s.current && <span className={styles.tag}>{t('thisBrowser')}</span>}
              </p>
              <p className={styles.sessionMeta}>
                {t('from', { ip: s.ip || '--' })} · {t('lastSeen', { time: formatTime(s.last_seen) })}
              </p>
            </div>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => revoke({ id: s.id }, s.current)}
            >
              {t('signOut')}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={styles.danger}
        onClick={() => {
          if (window.confirm(t('confirmAll'))) void revoke({ all: 1 }, false);
        }}
      >
        {t('signOutAll')}
      </button>
    </section>
  );
}
