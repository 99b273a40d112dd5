import { useTranslations } from 'next-intl';
import type { AppDetail } from '@/contract/developer-output';
import { formatTime } from '@/contract/format';
import { useKeyText } from '@/i18n/keys';
import styles from '../Market.module.css';
import { StatusBadge } from './StatusBadge';

/** The version history and every audit record, newest first; stacked beside their labels on a phone. */
export function History({ data }: { data: AppDetail }) {
  const t = useTranslations('market');
  const text = useKeyText('market');
  return (
    <>
      <h2>{t('detail.records')}</h2>
      <div className={styles.tableWrap}>
        <table className={`${styles.table} ${styles.stacked}`} data-testid="audit-list">
          <thead>
            <tr>
              <th>{t('col.action')}</th>
              <th>{t('col.version')}</th>
              <th>{t('col.submitted')}</th>
              <th>{t('col.audited')}</th>
              <th>{t('col.status')}</th>
              <th>{t('col.remarks')}</th>
            </tr>
          </thead>
          <tbody>
            {data.audit_list.map((r) => (
              <tr key={r.id}>
                <td data-label={t('col.action')}>{text(`action.${r.action}`)}</td>
                <td data-label={t('col.version')}>{r.version || '--'}</td>
                <td data-label={t('col.submitted')}>{formatTime(r.submit_time)}</td>
                <td data-label={t('col.audited')}>{formatTime(r.audit_time)}</td>
                <td data-label={t('col.status')}>
                  <StatusBadge status={r.status} />
                </td>
                <td data-label={t('col.remarks')}>{r.remarks || '--'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.gap} />
      <h2>{t('detail.versions')}</h2>
      <div className={styles.tableWrap}>
        <table className={`${styles.table} ${styles.stacked}`}>
          <thead>
            <tr>
              <th>{t('col.version')}</th>
              <th>{t('col.status')}</th>
              <th>{t('add.source')}</th>
              <th>{t('col.submitted')}</th>
              <th>{t('col.released')}</th>
            </tr>
          </thead>
          <tbody>
            {[...data.version_history].reverse().map((v) => (
              <tr key={v.version_id}>
                <td data-label={t('col.version')}>{v.version || '--'}</td>
                <td data-label={t('col.status')}>
                  <StatusBadge status={v.status} held={v.held} />
                </td>
                <td data-label={t('add.source')}>
                  <a href={v.source}>{v.file_name}</a>
                </td>
                <td data-label={t('col.submitted')}>{formatTime(v.submit_time)}</td>
                <td data-label={t('col.released')}>{formatTime(v.release_time)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
