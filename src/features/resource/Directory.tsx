import { useTranslations } from 'next-intl';
import { formatTime } from '@/contract/format';
import { Empty } from '@/features/layout/Empty';
import type { DirectoryEntry } from '@/server/resource/list-directory';
import styles from './Directory.module.css';
import { PlayerSetup } from './PlayerSetup';
import page from './Resource.module.css';

/** Approved stations: type, charge, support flags, collected videos and the health of the last run. */
export function Directory({ stations }: { stations: DirectoryEntry[] }) {
  const t = useTranslations('resource.page');
  return (
    <section className={page.section} aria-labelledby="directory">
      <div className={page.sectionHead}>
        <h2 id="directory">{t('directory')}</h2>
        <p className={page.hint}>{t('directoryHint')}</p>
      </div>
      {stations.length === 0 ? (
        <Empty />
      ) : (
        <ul className={styles.cards}>
          {stations.map((s) => (
            <li key={s.id} className={styles.card}>
              <div className={styles.cardHead}>
                <h3>{s.name}</h3>
                <span
                  className={s.health.ok === false ? styles.bad : s.health.ok ? styles.good : styles.idle}
                >
                  {s.health.ok === null ? t('notCollected') : s.health.ok ? t('healthy') : t('unhealthy')}
                </span>
              </div>
              <p className={styles.meta}>
                {s.type_name} · {s.toll ? t('charge') : t('free')} · {t('videos')}{' '}
                {s.health.videos.toLocaleString('en-US')}
              </p>
              <ul className={styles.flags}>
                {s.support.map((flag) => (
                  <li key={String(flag)}>{t(`support.${flag as 'https' | 'm3u8' | 'player'}`)}</li>
                ))}
              </ul>
              <p className={styles.describe}>{s.describe}</p>
              <PlayerSetup player={s.player} />
              <p className={styles.meta}>
                {t('lastCollect')}:{' '}
                {s.health.last_collect_time ? formatTime(s.health.last_collect_time) : t('notCollected')}
                {s.health.error && <span className={styles.badText}> · {s.health.error}</span>}
              </p>
              <p className={styles.links}>
                <a href={s.site_url} target="_blank" rel="noopener noreferrer nofollow">
                  {t('official')}
                </a>
                <code title={t('apiAddress')}>{s.api_url}</code>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
