import { useTranslations } from 'next-intl';
import type { DeveloperCenter } from '@/contract/developer-output';
import { formatCount } from '@/contract/format';
import { KIND_SEGMENT, type Kind } from '@/contract/market';
import { Empty } from '@/features/layout/Empty';
import { Link } from '@/i18n/navigation';
import styles from '../Market.module.css';

type Row = DeveloperCenter['review_plugins_list'][number];

/** The developer's released items ranked by today's downloads (top 10). */
export function TopToday({ title, rows, kind }: { title: string; rows: Row[]; kind: Kind }) {
  const t = useTranslations('market.center');
  return (
    <div className={styles.top}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <Empty compact hint={t('noDownloads')} />
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('rankName')}</th>
              <th scope="col">{t('topToday')}</th>
              <th scope="col">{t('topTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.id}>
                <td>{i + 1}</td>
                <td>
                  <Link href={`/market/${KIND_SEGMENT[kind]}/${r.id}`}>{r.name}</Link>
                </td>
                <td>{formatCount(r.today)}</td>
                <td className={styles.muted}>{formatCount(r.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
