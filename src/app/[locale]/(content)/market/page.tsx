import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { toLocale } from '@/contract/locales';
import type { KINDS } from '@/contract/market';
import { readQuery } from '@/features/store/query';
import { type HomeLists, StoreHome } from '@/features/store/StoreHome';
import { pageMetadata } from '@/server/content/seo';
import { cachedStoreList } from '@/server/market/store/cache';

// Read from the store's data cache on each request (nothing from the database at build time).
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'store' });
  return pageMetadata({ locale, path: '/market', title: t('title'), description: t('metaDescription') });
}

/** Items of each kind the home shows, in a list or as search results. */
const HOME_ITEMS = 8;

export default async function MarketPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { name } = readQuery(await searchParams);
  const list = (type: (typeof KINDS)[number], sortBy: 'downloads' | 'newest', name = '') =>
    cachedStoreList(
      { type, sortBy, name, page: 1, limit: HOME_ITEMS, device: undefined, toll: undefined },
      toLocale(locale),
    );
  // The hero's one search box looks in plugins and themes at once.
  if (name) {
    const [plugin, theme] = await Promise.all([
      list('plugin', 'downloads', name),
      list('theme', 'downloads', name),
    ]);
    return <StoreHome search={{ name, results: { plugin, theme } }} />;
  }
  const load = (type: (typeof KINDS)[number], sortBy: 'downloads' | 'newest') =>
    list(type, sortBy).then((r) => r.list);
  const [ph, pl, th, tl] = await Promise.all([
    load('plugin', 'downloads'),
    load('plugin', 'newest'),
    load('theme', 'downloads'),
    load('theme', 'newest'),
  ]);
  const lists: HomeLists = { plugin: { hot: ph, latest: pl }, theme: { hot: th, latest: tl } };
  return <StoreHome lists={lists} />;
}
