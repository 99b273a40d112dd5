import { getTranslations } from 'next-intl/server';
import type { ReleaseView } from '@/contract/content';
import { Empty } from '@/features/layout/Empty';
import { formatSize } from '../format-size';
import styles from './Docs.module.css';

/** The update log, built from the published releases (newest first). */
export async function UpdateLog({ releases }: { releases: ReleaseView[] }) {
  const t = await getTranslations('content');
  if (!releases.length) return <Empty />;
  return (
    <ol className={styles.log}>
      {releases.map((r) => (
        <li key={r.id}>
          <h2>
            {t(`download.edition.${r.edition}`)} {r.version}{' '}
            <span className={styles.kind}>{t(`download.kind.${r.kind}`)}</span>
          </h2>
          <p className={styles.logMeta}>
            <time>{r.release_date}</time> · {formatSize(r.size)} ·{' '}
            {t('download.downloads', { count: r.downloads })}
          </p>
          {r.notes && <p>{r.notes}</p>}
          <p className={styles.logMeta}>
            <a href={r.download_url} download={r.file_name}>
              {r.file_name}
            </a>{' '}
            · SHA-256 <code>{r.sha256}</code> ·{' '}
            <a href={r.signature_url} download={`${r.file_name}.sig`}>
              {t('download.signature')}
            </a>
          </p>
        </li>
      ))}
    </ol>
  );
}
