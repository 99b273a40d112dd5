'use client';

import { useTranslations } from 'next-intl';
import styles from './Domain.module.css';
import { useAge } from './use-age';

type Props = { checkTime: number; busy: boolean; onRecheck: () => void };

/**
 * Above a stored result answered instead of a new run (the site was checked a short while ago):
 * how long ago, and a button to check it again.
 */
export function StoredAge({ checkTime, busy, onRecheck }: Props) {
  const t = useTranslations('domain.progress');
  const age = useAge(checkTime);
  return (
    <p className={styles.actions} data-testid="stored-age">
      <span className={styles.meta}>{t('age', { age })}</span>{' '}
      <button type="button" className={styles.secondary} disabled={busy} onClick={onRecheck}>
        {t('recheck')}
      </button>
    </p>
  );
}
