'use client';

import { useTranslations } from 'next-intl';
import type { CheckProgressInfo } from '@/contract/domain';
import styles from './Domain.module.css';

type Props = { progress: CheckProgressInfo | null };

/**
 * A running check, step by step: the static reading, the browser's visits (or "queued" while it
 * waits for a free browser), and what was found so far.
 */
export function CheckProgress({ progress }: Props) {
  const t = useTranslations('domain.progress');
  if (!progress) return null;
  const browser =
    progress.browser_pass === 'queued'
      ? t('queued')
      : progress.browser_pass === 'running'
        ? t('browserRunning', { done: progress.profiles_done.length, total: progress.profiles_total })
        : progress.browser_pass === 'done'
          ? t('browserDone')
          : progress.browser_pass === 'skipped'
            ? t('browserSkipped')
            : t('browserWaiting');
  return (
    <section className={styles.card} aria-label={t('title')} data-testid="check-progress">
      <ol className={styles.recent}>
        <li>{progress.static_pass === 'done' ? t('staticDone') : t('static')}</li>
        <li data-state={progress.browser_pass}>
          {browser}
          {progress.profile_running && ` · ${t('browserNow', { profile: progress.profile_running })}`}
        </li>
      </ol>
      {progress.found.length > 0 ? (
        <>
          <p className={styles.meta}>{t('found')}</p>
          <ul className={styles.recent}>
            {progress.found.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className={styles.meta}>{t('nothingYet')}</p>
      )}
    </section>
  );
}
