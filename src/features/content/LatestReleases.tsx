'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { releaseLatest } from '@/contract/api/content';
import type { OutputOf } from '@/contract/api/operation';
import { call, errorText } from '@/features/api/client';
import { useLatest } from '@/features/api/use-latest';
import styles from './Content.module.css';
import { formatSize } from './format-size';

/**
 * The packages themselves, fetched after load so the home page stays a static, cached page while
 * releases change in the database.
 */
export function LatestReleases() {
  const t = useTranslations('content.download');
  const [data, setData] = useState<OutputOf<typeof releaseLatest> | null>(null);
  const [error, setError] = useState('');
  const latest = useLatest();
  useEffect(() => latest(call(releaseLatest, {}), setData, (e) => setError(errorText(e))), [latest]);
  if (error) return <p className={styles.latest}>{error}</p>;
  if (!data) return <div className={styles.latest} aria-busy="true" data-testid="latest-loading" />;
  const { install, upgrades } = data;
  return (
    <>
      {install ? (
        <div className={styles.latest} data-testid="latest-release">
          <p className={styles.kicker}>{t('latest')}</p>
          <p className={styles.version}>
            {t(`edition.${install.edition}`)} · {t('version', { version: install.version })}
          </p>
          <p className={styles.meta}>
            {t('released', { date: install.release_date })} · {t('size')} {formatSize(install.size)}
          </p>
          <p className={styles.notes}>{install.notes}</p>
          <a className={styles.downloadButton} href={install.download_url} download={install.file_name}>
            {t('button', { name: install.file_name })}
          </a>
          <p className={styles.hash}>
            {t('sha256')} <code data-testid="latest-sha256">{install.sha256}</code>
          </p>
        </div>
      ) : (
        <p className={styles.latest}>{t('none')}</p>
      )}
      {upgrades.length > 0 && (
        <>
          <h3 className={styles.subheading}>{t('upgrades')}</h3>
          <ul className={styles.upgrades}>
            {upgrades.map((r) => (
              <li key={r.id}>
                <a href={r.download_url} download={r.file_name} className={styles.upgradeLink}>
                  {t(`edition.${r.edition}`)} {r.version}
                </a>
                <span className={styles.meta}>
                  {r.release_date} · {formatSize(r.size)}
                </span>
                <span className={styles.hashSmall}>
                  <span className={styles.hashLabel}>{t('sha256')}</span> <code>{r.sha256}</code>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
