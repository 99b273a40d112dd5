import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { toLocale } from '@/contract/locales';
import { HelpView } from '@/features/content/help/HelpView';
import { findHelp, helpCategories } from '@/server/content/help';
import { pageMetadata } from '@/server/content/seo';

// Category and search are in the query; the answers are Markdown read once per process.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ cat?: string; q?: string }> };
const one = (v: unknown) => (typeof v === 'string' ? v : '');

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'content.help' });
  const searched = one((await searchParams).q).trim() !== '';
  return pageMetadata({
    locale,
    path: '/helpCenter',
    title: t('title'),
    description: t('description'),
    noindex: searched,
  });
}

export default async function HelpCenterPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const lang = toLocale(locale);
  const all = helpCategories(lang).map(({ key, title }) => ({ key, title }));
  const category = all.some((c) => c.key === one(query.cat)) ? one(query.cat) : '';
  const q = one(query.q).trim().slice(0, 100);
  const shown = findHelp({ locale: lang, category, query: q });
  return <HelpView all={all} shown={shown} category={category} query={q} />;
}
