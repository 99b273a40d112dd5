import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { toLocale } from '@/contract/locales';
import { loadDocsPage } from '@/server/content/docs-page';
import { pageMetadata } from '@/server/content/seo';
import { DocsView } from './DocsView';

type Query = { menu?: string; sub?: string; q?: string };
export type DocsProps = { params: Promise<{ locale: string }>; searchParams: Promise<Query> };
type Base = '/document' | '/documentt';

/** Metadata of the docs, shared by /document and /documentt; the canonical URL is /document. */
export async function docsMetadata({ params, searchParams }: DocsProps): Promise<Metadata> {
  const { locale } = await params;
  const data = await loadDocsPage(await searchParams, toLocale(locale));
  const t = await getTranslations({ locale, namespace: 'content.docs' });
  const sub = data.active.sub ? `&sub=${data.active.sub}` : '';
  const title = data.page ? `${data.page.title} - ${t('title')}` : data.releases ? t('menu.log') : t('title');
  const description = data.page?.description || t('description');
  return pageMetadata({
    locale,
    path: `/document?menu=${data.active.menu}${sub}`,
    title: data.hits ? t('searchTitle', { query: data.query }) : title,
    description,
    noindex: data.hits !== null,
  });
}

/** The docs page under either path; links stay on the path the visitor came by. */
export async function renderDocs(base: Base, { params, searchParams }: DocsProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const data = await loadDocsPage(await searchParams, toLocale(locale));
  return <DocsView base={base} {...data} />;
}
