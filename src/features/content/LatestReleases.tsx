import { useTranslations } from 'next-intl';
import type { ReleaseView } from '@/contract/content';
import styles from './Content.module.css';
import { formatSize } from './format-size';

export type LatestDownloads = { install?: ReleaseView; upgrades: ReleaseView[] };

/**
 * The packages themselves, rendered on the server: the download link, version, SHA-256 and
 * signature are in the first HTML, for crawlers and visitors without JavaScript too.
 */
export function LatestReleases({ install, upgrades }: LatestDownloads) {
  const t = useTranslations('content.download');
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
          <p className={styles.hash}>
            <a href={install.signature_url} download={`${install.file_name}.sig`}>
              {t('signature')} ({install.file_name}.sig)
            </a>
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
                <a href={r.signature_url} download={`${r.file_name}.sig`} className={styles.meta}>
                  {t('signature')}
                </a>
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
