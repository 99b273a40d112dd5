import { useTranslations } from 'next-intl';
import type { ListItem } from '@/contract/developer-output';
import { formatTime } from '@/contract/format';
import { Empty } from '@/features/layout/Empty';
import { Link } from '@/i18n/navigation';
import styles from '../Market.module.css';
import { StatusBadge } from '../parts/StatusBadge';
import { ItemActions } from './ItemActions';

/**
 * The developer's plugins or themes with their state, queue position and failure reason; on a phone
 * each row stacks its cells beside their labels.
 */
export function AppTable({ list }: { list: ListItem[] }) {
  const t = useTranslations('market');
  if (list.length === 0) return <Empty />;
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.stacked}`}>
        <thead>
          <tr>
            <th>{t('col.name')}</th>
            <th>{t('col.version')}</th>
            <th>{t('col.status')}</th>
            <th>{t('col.submitted')}</th>
            <th>{t('col.remarks')}</th>
            <th>{t('col.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((item) => (
            <tr key={item.id}>
              <td data-label={t('col.name')}>
                <Link href={`/market/devCenter?detail=${item.id}#detail`}>{item.name}</Link>
              </td>
              <td data-label={t('col.version')}>
                <div>
                  {item.version || '--'}
                  {item.released_version && item.released_version !== item.version && (
                    <div className={styles.muted}>{t('center.public', { v: item.released_version })}</div>
                  )}
                </div>
              </td>
              <td data-label={t('col.status')}>
                <div>
                  <StatusBadge status={item.status} held={item.held} />
                  {item.queue > 0 && (
                    <div className={styles.muted}>{t('center.queue', { n: item.queue })}</div>
                  )}
                </div>
              </td>
              <td data-label={t('col.submitted')}>{formatTime(item.submit_time)}</td>
              <td data-label={t('col.remarks')}>{item.remarks || '--'}</td>
              <td data-label={t('col.actions')}>
                <ItemActions id={item.id} kind={item.type} status={item.status} toll={item.toll} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
