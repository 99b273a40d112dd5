'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { SiteHistoryInfo } from '@/contract/domain';
import styles from './Domain.module.css';
import { recordHref } from './paths';
import { useAge } from './use-age';

type Props = { record: SiteHistoryInfo; busy: boolean; onRecheck: () => void };

/**
 * A site's stored record, as its shared link shows it: when it was last checked and how long ago,
 * a button to check it again, the link itself, and every stored check, newest first.
 */
export function SiteRecord({ record, busy, onRecheck }: Props) {
  const t = useTranslations('domain.record');
  const latest = record.checks[0];
  const age = useAge(latest?.check_time);
  const [href, setHref] = useState('');
  useEffect(() => {
    setHref(new URL(recordHref(window.location.pathname, record.domain), window.location.origin).href);
  }, [record.domain]);
  return (
    <section className={styles.card} aria-labelledby="site-record">
      <h3 id="site-record">{t('title', { domain: record.domain })}</h3>
      {latest ? (
        <p className={styles.meta} data-testid="record-age">
          {t('checkedAt', { time: latest.check_time_text })} {age && `(${age})`}
        </p>
      ) : (
        <p className={styles.meta}>{t('never', { domain: record.domain })}</p>
      )}
      <p className={styles.actions}>
        <button type="button" className={styles.secondary} disabled={busy} onClick={onRecheck}>
          {latest ? t('recheck') : t('checkNow')}
        </button>
        {href && (
          <a className={styles.link} href={href}>
            {t('link')}
          </a>
        )}
      </p>
      {record.checks.length > 0 && (
        <>
          <h4>{t('history')}</h4>
          <ol className={styles.recent} aria-label={t('history')}>
            {record.checks.map((c) => (
              <li key={`${c.check_time}-${c.status}`}>
                <time dateTime={new Date(c.check_time * 1000).toISOString()}>{c.check_time_text}</time>{' '}
                {t(`status.${c.status}`)} {c.findings > 0 && t('findings', { n: c.findings })}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
