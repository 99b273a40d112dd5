import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { toLocale } from '@/contract/locales';
import type { KINDS } from '@/contract/market';
import { type HomeLists, StoreHome } from '@/features/store/StoreHome';
import { pageMetadata } from '@/server/content/seo';
import { cachedStoreList } from '@/server/market/store/cache';

// Read from the store's data cache on each request (nothing from the database at build time).
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'store' });
  return pageMetadata({ locale, path: '/market', title: t('title'), description: t('metaDescription') });
}

export default async function MarketPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const load = (type: (typeof KINDS)[number], sortBy: 'downloads' | 'newest') =>
    cachedStoreList(
      { type, sortBy, name: '', page: 1, limit: 8, device: undefined, toll: undefined },
      toLocale(locale),
    ).then((r) => r.list);
  const [ph, pl, th, tl] = await Promise.all([
    load('plugin', 'downloads'),
    load('plugin', 'newest'),
    load('theme', 'downloads'),
    load('theme', 'newest'),
  ]);
  const lists: HomeLists = { plugin: { hot: ph, latest: pl }, theme: { hot: th, latest: tl } };
  return <StoreHome lists={lists} />;
}
