import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { toLocale } from '@/contract/locales';
import type { Kind } from '@/contract/market';
import { isRecordId } from '@/contract/record-id';
import { pageMetadata } from '@/server/content/seo';
import { nullIfInvalid } from '@/server/errors';
import { reviewPage } from '@/server/market/ratings/read';
import { cachedStoreDetail, cachedStoreList } from '@/server/market/store/cache';
import { ItemDetail } from './ItemDetail';
import { cardImage, itemPath, listPath } from './paths';
import { listInput, queryHref, readQuery } from './query';
import { StoreList } from './StoreList';

/** The page functions of /market/plug and /market/theme, shared by both kinds. */
type ListProps = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};
type ItemProps = { params: Promise<{ locale: string; id: string }> };

export const listPage = (kind: Kind) => ({
  async generateMetadata({ params, searchParams }: ListProps): Promise<Metadata> {
    const { locale } = await params;
    const query = readQuery(await searchParams);
    const t = await getTranslations({ locale, namespace: 'store' });
    const tc = await getTranslations({ locale, namespace: 'common' });
    const title = t(kind === 'plugin' ? 'listTitlePlugin' : 'listTitleTheme');
    return pageMetadata({
      locale,
      path: queryHref(listPath(kind), query, { page: query.page }),
      title: query.page > 1 ? `${title} - ${tc('pageN', { n: query.page })}` : title,
      description: t(kind === 'plugin' ? 'listDescriptionPlugin' : 'listDescriptionTheme'),
    });
  },
  async Page({ params, searchParams }: ListProps) {
    const { locale } = await params;
    setRequestLocale(locale);
    const query = readQuery(await searchParams);
    const data = await cachedStoreList(listInput(kind, query), toLocale(locale));
    if (query.page > 1 && data.list.length === 0) notFound();
    return <StoreList kind={kind} query={query} data={data} />;
  },
});

const load = (kind: Kind, id: string, locale: string) =>
  isRecordId(id)
    ? nullIfInvalid(cachedStoreDetail(kind, Number(id), toLocale(locale)))
    : Promise.resolve(null);

export const itemPage = (kind: Kind) => ({
  async generateMetadata({ params }: ItemProps): Promise<Metadata> {
    const { locale, id } = await params;
    const data = await load(kind, id, locale);
    if (!data) return {};
    const d = data.detail;
    const meta = pageMetadata({
      locale,
      path: itemPath(kind, d.id),
      title: d.name,
      description: d.describe.replace(/\s+/g, ' ').slice(0, 160),
    });
    const image = cardImage(d);
    return image ? { ...meta, openGraph: { ...meta.openGraph, images: [{ url: image }] } } : meta;
  },
  async Page({ params }: ItemProps) {
    const { locale, id } = await params;
    setRequestLocale(locale);
    const data = await load(kind, id, locale);
    if (!data) notFound();
    // The first page as every visitor sees it: the page stays cacheable; a logged-in visitor's
    // browser asks for their own view.
    const reviews = await reviewPage({ appId: data.detail.id, page: 1 });
    return <ItemDetail kind={kind} data={data} reviews={reviews} />;
  },
});
