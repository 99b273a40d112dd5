import { getLocale, getTranslations } from 'next-intl/server';
import { localizedPath, toLocale } from '@/contract/locales';
import { KINDS, type Kind } from '@/contract/market';
import type { Sort } from '@/contract/store';
import type { StoreItem, StoreList } from '@/contract/store-answers';
import { SearchField } from '@/features/common/SearchField';
import { Empty } from '@/features/layout/Empty';
import { Link } from '@/i18n/navigation';
import { ItemGrid } from './ItemCard';
import { KindTabs } from './KindTabs';
import { listPath } from './paths';
import styles from './Store.module.css';

export type HomeLists = Record<Kind, Record<'hot' | 'latest', StoreItem[]>>;
export type HomeSearch = { name: string; results: Record<Kind, StoreList> };

/**
 * Whether the newest list holds nothing the popular one does not: while a kind has only a handful of
 * items both lists are the whole catalogue, and showing it twice only makes the page long.
 */
const sameItems = (hot: StoreItem[], latest: StoreItem[]) => {
  const shown = new Set(hot.map((item) => item.id));
  return latest.every((item) => shown.has(item.id));
};

/**
 * /market: one search box for plugins and themes, and the popular and newest of each; with a
 * search (`?name=`), the best matches of each kind instead, each linking to all of its results.
 */
export async function StoreHome(props: { lists: HomeLists } | { search: HomeSearch }) {
  const t = await getTranslations('store');
  const locale = toLocale(await getLocale());
  const kindName = (kind: Kind) => t(kind === 'plugin' ? 'plugins' : 'themes');
  const lists = 'lists' in props ? props.lists : null;
  const section = (kind: Kind, which: 'hot' | 'latest', sort: Sort) => (
    <section className={styles.section} aria-labelledby={`${kind}-${which}`}>
      <div className={styles.sectionHead}>
        <h2 id={`${kind}-${which}`}>{t(`${which}${kind === 'plugin' ? 'Plugin' : 'Theme'}`)}</h2>
        <Link href={sort === 'downloads' ? listPath(kind) : `${listPath(kind)}?sort=${sort}`}>
          {t('viewAll')}
        </Link>
      </div>
      {lists?.[kind][which].length ? <ItemGrid items={lists[kind][which]} /> : <Empty />}
    </section>
  );
  const searched = 'search' in props ? props.search : null;
  const results = (kind: Kind, found: StoreList, name: string) => (
    <section key={kind} className={styles.section} aria-labelledby={`${kind}-found`}>
      <div className={styles.sectionHead}>
        <h2 id={`${kind}-found`}>{kindName(kind)}</h2>
        <p className={styles.count}>{t('resultsFor', { n: found.search_count, q: name })}</p>
        {found.search_count > found.list.length && (
          <Link href={`${listPath(kind)}?${new URLSearchParams({ name })}`}>{t('viewAll')}</Link>
        )}
      </div>
      {found.list.length ? <ItemGrid items={found.list} /> : <Empty hint={t('empty')} />}
    </section>
  );
  return (
    <>
      <div className={styles.hero}>
        <div className={styles.heroInner}>
          <h1>{t('heroTitle')}</h1>
          <p>{t('heroText')}</p>
          <search>
            <form action={localizedPath(locale, '/market')} method="get" className={styles.heroSearch}>
              <SearchField
                id="store-search"
                name="name"
                label={t('searchLabel')}
                defaultValue={searched?.name}
                placeholder={t('searchPlaceholder')}
                maxLength={60}
              />
              <button type="submit">{t('search')}</button>
            </form>
          </search>
        </div>
      </div>
      <div className={styles.wrap}>
        {searched ? (
          KINDS.map((kind) => results(kind, searched.results[kind], searched.name))
        ) : (
          <KindTabs
            label={t('tabsLabel')}
            tabs={KINDS.map((kind) => ({
              key: kind,
              label: kindName(kind),
              panel: (
                <>
                  {section(kind, 'hot', 'downloads')}
                  {lists && sameItems(lists[kind].hot, lists[kind].latest)
                    ? null
                    : section(kind, 'latest', 'newest')}
                </>
              ),
            }))}
          />
        )}
        <p className={styles.cta}>
          <Link href="/market/devCenter">{t('becomeDeveloper')}</Link>
        </p>
      </div>
    </>
  );
}
