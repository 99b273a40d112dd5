import { useTranslations } from 'next-intl';
import { formatCount } from '@/features/common/format';
import { Link } from '@/i18n/navigation';
import styles from '../Market.module.css';

type Row = { id: number; name: string; today: number; total: number };

/** The developer's released items ranked by today's downloads (top 10). */
export function TopToday({ title, rows, kind }: { title: string; rows: Row[]; kind: 'plug' | 'theme' }) {
  const t = useTranslations('market.center');
  return (
    <div className={styles.top}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('noDownloads')}</p>
      ) : (
        <ol>
          {rows.map((r) => (
            <li key={r.id}>
              <Link href={`/market/${kind}/${r.id}`}>{r.name}</Link>
              <span title={t('topToday')}>{formatCount(r.today)}</span>
              <span title={t('topTotal')} className={styles.muted}>
                {formatCount(r.total)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
