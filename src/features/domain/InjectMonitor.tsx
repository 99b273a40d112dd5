'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { InjectListInfo } from '@/contract/domain';
import { Empty } from '@/features/layout/Empty';
import styles from './Domain.module.css';
import { SampleDialog } from './SampleDialog';

const COUNTERS = [
  ['todayNew', 'today_new'],
  ['todayRepaired', 'today_repaired'],
  ['total', 'total_injected'],
  ['monitored', 'monitored'],
] as const;

type Props = { product: string; stats: InjectListInfo; busy: boolean; onCheck: (url: string) => void };

/** The four counters, the recently injected domains (one click checks again) and the sample dialog. */
export function InjectMonitor({ product, stats, busy, onCheck }: Props) {
  const t = useTranslations('domain');
  const [sampleOpen, setSampleOpen] = useState(false);
  return (
    <>
      <ul className={styles.counters} aria-label={t('modes.3')}>
        {COUNTERS.map(([label, field]) => (
          <li key={field}>
            <span className={styles.count}>{t('counters.value', { count: stats[field] })}</span>
            <span className={styles.countLabel}>{t(`counters.${label}`)}</span>
          </li>
        ))}
      </ul>
      <div className={styles.recentHead}>
        <h3>{t('recent.title')}</h3>
        <button type="button" className={styles.link} onClick={() => setSampleOpen(true)}>
          {t('sample.open')}
        </button>
      </div>
      {stats.list.length === 0 ? (
        <Empty hint={t('recent.empty')} />
      ) : (
        <>
          <p className={styles.meta}>{t('recent.hint')}</p>
          <ul className={styles.recent}>
            {stats.list.map((site) => (
              <li key={site.domain}>
                <button type="button" disabled={busy} onClick={() => onCheck(site.url)}>
                  {site.domain}
                </button>
                <span className={styles.meta}>
                  {site.detect_time_text}
                  {site.state === 'repaired' && (
                    <span className={styles.status_accepted}>{t('recent.repaired')}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <SampleDialog product={product} open={sampleOpen} onClose={() => setSampleOpen(false)} />
    </>
  );
}
