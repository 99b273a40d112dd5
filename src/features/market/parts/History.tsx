import { useTranslations } from 'next-intl';
import type { AppDetail } from '@/contract/developer-output';
import { formatTime } from '@/contract/format';
import { useKeyText } from '@/i18n/keys';
import styles from '../Market.module.css';
import { StatusBadge } from './StatusBadge';

/** The version history and every audit record, newest first. */
export function History({ data }: { data: AppDetail }) {
  const t = useTranslations('market');
  const text = useKeyText('market');
  return (
    <>
      <h2>{t('detail.records')}</h2>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="audit-list">
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
                <td>{text(`action.${r.action}`)}</td>
                <td>{r.version || '--'}</td>
                <td>{formatTime(r.submit_time)}</td>
                <td>{formatTime(r.audit_time)}</td>
                <td>
                  <StatusBadge status={r.status} />
                </td>
                <td>{r.remarks || '--'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.gap} />
      <h2>{t('detail.versions')}</h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
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
                <td>{v.version || '--'}</td>
                <td>
                  <StatusBadge status={v.status} held={v.held} />
                </td>
                <td>
                  <a href={v.source}>{v.file_name}</a>
                </td>
                <td>{formatTime(v.submit_time)}</td>
                <td>{formatTime(v.release_time)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
