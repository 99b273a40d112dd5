'use client';

import { useTranslations } from 'next-intl';
import type { ProbeResult } from '@/contract/resource';
import styles from './Manage.module.css';

/** The result of checking a station address: format, counts and speed, or why it failed. */
export function ProbeStatus({ probe }: { probe: ProbeResult | null }) {
  const t = useTranslations('resource.add');
  if (!probe) return null;
  return probe.ok ? (
    <p className={styles.probeOk} role="status">
      {t('probeOk', {
        format: probe.format.toUpperCase(),
        total: probe.total,
        classes: probe.classes,
        ms: probe.ms,
      })}
    </p>
  ) : (
    <p className={styles.probeBad} role="alert">
      {t('probeFail', { error: probe.error })}
    </p>
  );
}
