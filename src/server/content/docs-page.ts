import 'server-only';
import { DOC_NAV, UPDATE_LOG_MENU } from '@/contract/content';
import type { Locale } from '@/contract/locales';
import { cachedReleases } from './cached';
import { readDoc, searchDocs } from './docs';

type Query = { menu?: string | string[]; sub?: string | string[]; q?: string | string[] };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/** Resolves what the docs URL asks for; unknown menus and sub-items fall back to the first page. */
export async function loadDocsPage(query: Query, locale: Locale) {
  const q = one(query.q).trim().slice(0, 100);
  const nav = DOC_NAV.map((m) => ({
    menu: m.menu,
    subs: m.subs.map((sub) => ({ sub, title: readDoc(m.menu, sub, locale)?.title ?? sub })),
  }));
  const wanted = DOC_NAV.find((m) => m.menu === one(query.menu));
  const first = DOC_NAV[0];
  const menu = wanted ?? first;
  const subs = menu.subs as readonly string[];
  const sub = subs.includes(one(query.sub)) ? one(query.sub) : (subs[0] ?? '');
  const isLog = menu.menu === UPDATE_LOG_MENU;
  return {
    nav,
    active: { menu: menu.menu, sub: isLog ? '' : sub },
    page: isLog ? null : readDoc(menu.menu, sub, locale),
    query: q,
    hits: q ? searchDocs(q, locale) : null,
    releases: isLog && !q ? await cachedReleases(locale) : null,
  };
}
