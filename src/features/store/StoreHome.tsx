import { getLocale, getTranslations } from 'next-intl/server';
import { localizedPath, toLocale } from '@/contract/locales';
import { KINDS, type Kind } from '@/contract/market';
import type { Sort } from '@/contract/store';
import type { StoreItem } from '@/contract/store-answers';
import { SearchField } from '@/features/common/SearchField';
import { Empty } from '@/features/layout/Empty';
import { Link } from '@/i18n/navigation';
import { ItemGrid } from './ItemCard';
import { KindTabs } from './KindTabs';
import { listPath } from './paths';
import styles from './Store.module.css';

export type HomeLists = Record<Kind, Record<'hot' | 'latest', StoreItem[]>>;

/**
 * Whether the newest list holds nothing the popular one does not: while a kind has only a handful of
 * items both lists are the whole catalogue, and showing it twice only makes the page long.
 */
const sameItems = (hot: StoreItem[], latest: StoreItem[]) => {
  const shown = new Set(hot.map((item) => item.id));
  return latest.every((item) => shown.has(item.id));
};

/** /market: search, and the popular and newest plugins and themes. */
export async function StoreHome({ lists }: { lists: HomeLists }) {
  const t = await getTranslations('store');
  const locale = toLocale(await getLocale());
  const kindName = (kind: Kind) => t(kind === 'plugin' ? 'plugins' : 'themes');
  const section = (kind: Kind, which: 'hot' | 'latest', sort: Sort) => (
    <section className={styles.section} aria-labelledby={`${kind}-${which}`}>
      <div className={styles.sectionHead}>
        <h2 id={`${kind}-${which}`}>{t(`${which}${kind === 'plugin' ? 'Plugin' : 'Theme'}`)}</h2>
        <Link href={sort === 'downloads' ? listPath(kind) : `${listPath(kind)}?sort=${sort}`}>
          {t('viewAll')}
        </Link>
      </div>
      {lists[kind][which].length ? <ItemGrid items={lists[kind][which]} /> : <Empty />}
    </section>
  );
  return (
    <>
      <div className={styles.hero}>
        <div className={styles.heroInner}>
          <h1>{t('heroTitle')}</h1>
          <p>{t('heroText')}</p>
          <search>
            <form action={localizedPath(locale, '/market/plug')} method="get" className={styles.heroSearch}>
              <SearchField
                id="store-search"
                name="name"
                label={t('searchLabel')}
                placeholder={t('searchPlaceholder')}
                maxLength={60}
              />
              <button type="submit" formAction={localizedPath(locale, '/market/plug')}>
                {t('searchIn', { kind: t('plugins') })}
              </button>
              <button type="submit" formAction={localizedPath(locale, '/market/theme')}>
                {t('searchIn', { kind: t('themes') })}
              </button>
            </form>
          </search>
        </div>
      </div>
      <div className={styles.wrap}>
        <KindTabs
          label={t('tabsLabel')}
          tabs={KINDS.map((kind) => ({
            key: kind,
            label: kindName(kind),
            panel: (
              <>
                {section(kind, 'hot', 'downloads')}
                {sameItems(lists[kind].hot, lists[kind].latest) ? null : section(kind, 'latest', 'newest')}
              </>
            ),
          }))}
        />
        <p className={styles.cta}>
          <Link href="/market/devCenter">{t('becomeDeveloper')}</Link>
        </p>
      </div>
    </>
  );
}
