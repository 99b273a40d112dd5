import { useTranslations } from 'next-intl';
import { formatTime } from '@/contract/format';
import type { StationView } from '@/contract/resource';
import { Empty } from '@/features/layout/Empty';
import { useStationText } from '@/features/resource/station-text';
import styles from '../Market.module.css';
import { StatusBadge } from '../parts/StatusBadge';

/**
 * The developer's resource stations: review state, the last probe and how collection goes. Each cell
 * holds one block, so on a phone it sits beside its label.
 */
export function StationTable({ list }: { list: StationView[] }) {
  const t = useTranslations('resource');
  const text = useStationText();
  if (list.length === 0) return <Empty />;
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.stacked}`}>
        <thead>
          <tr>
            <th>{t('add.name')}</th>
            <th>{t('list.status')}</th>
            <th>{t('list.lastProbe')}</th>
            <th>{t('list.collect')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((s) => (
            <tr key={s.id}>
              <td data-label={t('add.name')}>
                <div>
                  {s.name}
                  <div className={styles.muted}>
                    {s.type_name} · <code className={styles.url}>{s.api_url}</code>
                  </div>
                </div>
              </td>
              <td data-label={t('list.status')}>
                <div>
                  <StatusBadge status={s.status} />
                  {s.remarks && <div className={styles.muted}>{s.remarks}</div>}
                </div>
              </td>
              <td data-label={t('list.lastProbe')}>
                <div>
                  {formatTime(s.probe.time)}
                  {s.probe.time > 0 && <div className={styles.muted}>{text.probe(s)}</div>}
                </div>
              </td>
              <td data-label={t('list.collect')}>
                <Health station={s} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Collection starts once a station is approved; before that there is nothing to report. */
function Health({ station: s }: { station: StationView }) {
  const t = useTranslations('resource.page');
  const text = useStationText();
  if (s.status !== 1) return <div>--</div>;
  return (
    <div>
      <span className={s.health.ok === false ? styles.bad : undefined}>{text.health(s)}</span>
      <div className={styles.muted}>
        {t('videos')} {s.health.videos}
        {s.health.last_collect_time > 0 && ` · ${t('lastCollect')} ${formatTime(s.health.last_collect_time)}`}
      </div>
    </div>
  );
}
