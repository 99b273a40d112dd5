import { useTranslations } from 'next-intl';
import type { DeveloperCenter } from '@/contract/developer-output';
import { formatCount, formatTime } from '@/contract/format';
import { Empty } from '@/features/layout/Empty';
import styles from '../Market.module.css';
import { DownloadsChart } from './DownloadsChart';
import { TopToday } from './TopToday';

/** Data overview, the notices of state changes and the downloads chart. */
export function Overview({ data }: { data: DeveloperCenter }) {
  const t = useTranslations('market.center');
  const o = data.data_overview;
  const stats: [string, number][] = [
    [t('plugins'), o.plugin.all],
    [t('themes'), o.theme.all],
    [t('underReview'), o.plugin.review + o.theme.review],
    [t('released'), o.plugin.released + o.theme.released],
    [t('failed'), o.plugin.failed + o.theme.failed],
    [t('downloads'), o.download_total],
    [t('today'), o.download_today],
    [t('unique'), o.download_unique],
    [t('feedback'), o.feedback_count],
  ];
  return (
    <>
      <section className={styles.panel}>
        <h2>{t('overview')}</h2>
        <div className={styles.stats}>
          {stats.map(([label, n]) => (
            <div key={label} className={styles.stat}>
              <strong>{formatCount(n)}</strong>
              <span>{label}</span>
            </div>
          ))}
        </div>
        <div className={styles.gap} />
        <h2>{t('chart')}</h2>
        <DownloadsChart days={data.download_score.days} series={data.download_score.series} />
        <p className={styles.muted}>{t('chartNote')}</p>
        <div className={styles.tops}>
          <TopToday title={t('topPlugins')} rows={data.review_plugins_list} kind="plugin" />
          <TopToday title={t('topThemes')} rows={data.review_theme_list} kind="theme" />
        </div>
      </section>
      <section className={styles.panel}>
        <h2>{t('notices')}</h2>
        {data.notices.length === 0 ? (
          <Empty compact hint={t('noNotices')} />
        ) : (
          <ul className={styles.notices} data-testid="notices">
            {data.notices.map((n) => (
              <li key={n.id}>
                <span className={styles.muted}>{formatTime(n.time)}</span>{' '}
                {(t as unknown as (k: string, v: object) => string)(`notice.${n.action}`, {
                  name: n.name,
                  version: n.version || '--',
                })}
                {n.remarks && <div>{t('reason', { text: n.remarks })}</div>}
              </li>
            ))}
          </ul>
        )}
        {data.queue.length > 0 && (
          <p className={styles.muted}>
            {t('queueSummary', { n: data.queue.length, total: data.queue_total })}
          </p>
        )}
      </section>
    </>
  );
}
