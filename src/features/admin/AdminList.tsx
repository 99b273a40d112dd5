import { getTranslations } from 'next-intl/server';
import { formatTime } from '@/contract/format';
import { auditListSchema, KIND_SEGMENT, type Kind } from '@/contract/market';
import { DataTable } from '@/features/common/DataTable';
import { Pager } from '@/features/common/Pager';
import { Empty } from '@/features/layout/Empty';
import styles from '@/features/market/Market.module.css';
import { StatusBadge } from '@/features/market/parts/StatusBadge';
import { StatusTabs } from '@/features/market/parts/StatusTabs';
import { Link } from '@/i18n/navigation';
import { listApps } from '@/server/market/list';
import { AdminSearch } from './AdminSearch';

const PAGE_SIZE = 50;
const ALL = 'all';
const ageDays = (submitted: number, now: number) => Math.max(0, Math.floor((now - submitted) / 86_400));

/** /admin/plug and /admin/theme: every submission, filtered, with its age and queue position. */
export async function AdminList({ kind, query }: { kind: Kind; query: Record<string, string | undefined> }) {
  const t = await getTranslations('market');
  // The list opens on the queue (under review, oldest first); `status=all` asks for every status.
  const input = auditListSchema.parse({
    status: query.status === ALL ? '' : query.status,
    name: query.name ?? '',
    page: query.page ?? 1,
    limit: PAGE_SIZE,
  });
  const { list, search_count } = await listApps({ kind, input });
  const base = `/admin/${KIND_SEGMENT[kind]}`;
  const now = Math.floor(Date.now() / 1000);
  const href = (change: { status?: string; page?: number }) => {
    const params = new URLSearchParams();
    const status = change.status ?? input.status;
    if (status !== '0') params.set('status', status || ALL);
    if (input.name) params.set('name', input.name);
    if ((change.page ?? 1) > 1) params.set('page', String(change.page));
    const q = params.toString();
    return q ? `${base}?${q}` : base;
  };
  return (
    <section className={styles.panel}>
      <div className={styles.listHead}>
        <StatusTabs href={href({ status: '0' })} current={input.status} all={ALL} />
        <AdminSearch action={base} status={input.status || ALL} name={input.name} />
      </div>
      <p className={styles.muted}>{t('admin.count', { n: search_count })}</p>
      {list.length === 0 ? (
        <Empty />
      ) : (
        <DataTable
          className={styles.table}
          head={[
            t('col.name'),
            t('col.developer'),
            t('col.version'),
            t('col.status'),
            t('col.submitted'),
            t('col.age'),
            t('col.queue'),
          ]}
        >
          {list.map((item) => (
            <tr key={item.id}>
              <td>
                <Link href={`${base}/${item.id}`}>{item.name}</Link>
              </td>
              <td>{item.user_name}</td>
              <td>{item.version || '--'}</td>
              <td>
                <StatusBadge status={item.status} held={item.held} />
              </td>
              <td>{formatTime(item.submit_time)}</td>
              <td>{t('admin.days', { n: ageDays(item.submit_time, now) })}</td>
              <td>{item.queue || '--'}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager
        page={input.page}
        pages={Math.max(1, Math.ceil(search_count / PAGE_SIZE))}
        href={(page) => href({ page })}
      />
    </section>
  );
}
