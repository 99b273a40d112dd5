import { useTranslations } from 'next-intl';
import { formatTime } from '@/features/common/format';
import type { developerCenter } from '@/server/market/center';
import styles from '../Market.module.css';

type Center = Awaited<ReturnType<typeof developerCenter>>;

/** Data overview, the notices of state changes and the downloads chart. */
export function Overview({ data }: { data: Center }) {
  const t = useTranslations('market.center');
  const o = data.data_overview;
  const stats: [string, number][] = [
    [t('plugins'), o.plugin.all],
    [t('themes'), o.theme.all],
    [t('underReview'), o.plugin.review + o.theme.review],
    [t('released'), o.plugin.released + o.theme.released],
    [t('failed'), o.plugin.failed + o.theme.failed],
    [t('downloads'), o.download_total],
    [t('unique'), o.download_unique],
    [t('feedback'), o.feedback_count],
  ];
  const totals = data.download_score.days.map((_, i) =>
    data.download_score.series.reduce((s, x) => s + (x.data[i] ?? 0), 0),
  );
  const max = Math.max(1, ...totals);
  const points = totals
    .map((v, i) => `${(i / Math.max(1, totals.length - 1)) * 600},${110 - (v / max) * 100}`)
    .join(' ');
  return (
    <>
      <section className={styles.panel}>
        <h2>{t('overview')}</h2>
        <div className={styles.stats}>
          {stats.map(([label, n]) => (
            <div key={label} className={styles.stat}>
              <strong>{n.toLocaleString()}</strong>
              <span>{label}</span>
            </div>
          ))}
        </div>
        <div className={styles.gap} />
        <h2>{t('chart')}</h2>
        <svg
          viewBox="0 0 600 120"
          width="100%"
          height="120"
          preserveAspectRatio="none"
          role="img"
          aria-label={t('chart')}
        >
          <polyline points={points} fill="none" stroke="#1f6feb" strokeWidth="2" />
          <line x1="0" y1="110" x2="600" y2="110" stroke="#e5e8ec" />
        </svg>
        <p className={styles.muted}>
          {data.download_score.days[0]} — {data.download_score.days.at(-1)} · {t('chartNote')}
        </p>
      </section>
      <section className={styles.panel}>
        <h2>{t('notices')}</h2>
        {data.notices.length === 0 ? (
          <p className={styles.muted}>{t('noNotices')}</p>
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
