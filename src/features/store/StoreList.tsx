import { getTranslations } from 'next-intl/server';
import type { Kind } from '@/contract/market';
import { STORE_PAGE_SIZE } from '@/contract/store';
import type { StoreList as List } from '@/contract/store-answers';
import { Pager } from '@/features/common/Pager';
import { Empty } from '@/features/layout/Empty';
import { TitleBar } from '@/features/layout/TitleBar';
import { Link } from '@/i18n/navigation';
import { ItemGrid } from './ItemCard';
import { ListFilters } from './ListFilters';
import { listPath } from './paths';
import { type ListQuery, queryHref } from './query';
import styles from './Store.module.css';

/** /market/plug and /market/theme: search, sort, filters and pages, all kept in the URL. */
export async function StoreList({ kind, query, data }: { kind: Kind; query: ListQuery; data: List }) {
  const t = await getTranslations('store');
  const path = listPath(kind);
  const pages = Math.max(1, Math.ceil(data.search_count / STORE_PAGE_SIZE));
  const filtered = query.name || query.device || query.toll !== undefined;
  return (
    <>
      <TitleBar
        title={t(kind === 'plugin' ? 'listTitlePlugin' : 'listTitleTheme')}
        crumbs={[{ label: t('title'), href: '/market' }]}
      />
      <div className={styles.wrap}>
        {/* Keyed by the query: a link that changes it (clear filters) must reset the fields. */}
        <ListFilters key={queryHref(path, query)} action={path} query={query} />
        <p className={styles.count} aria-live="polite">
          {query.name
            ? t('resultsFor', { n: data.search_count, q: query.name })
            : t('results', { n: data.search_count })}
          {filtered && (
            <Link href={path} className={styles.reset}>
              {t('reset')}
            </Link>
          )}
        </p>
        {data.list.length === 0 ? (
          <div className={styles.emptyBox}>
            <Empty hint={t('empty')} />
            <p>{t('emptyHint')}</p>
          </div>
        ) : (
          <ItemGrid items={data.list} />
        )}
        <Pager page={query.page} pages={pages} href={(page) => queryHref(path, query, { page })} />
      </div>
    </>
  );
}
