import type { Kind } from '@/contract/market';
import { type CenterInput, centerSchema, STORE_PAGE_SIZE } from '@/contract/store';

export type ListQuery = Pick<CenterInput, 'name' | 'page' | 'sortBy' | 'device' | 'toll'>;

/** The list page's state lives in the URL: ?name=&sort=&device=&price=free|paid&page=. */
export function readQuery(search: Record<string, string | string[] | undefined>): ListQuery {
  const one = (k: string) => {
    const v = search[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const price = one('price');
  const parsed = centerSchema.parse({
    name: one('name') ?? '',
    page: one('page') ?? 1,
    sortBy: one('sort') ?? '',
    device: one('device'),
    toll: price === 'free' ? 0 : price === 'paid' ? 1 : undefined,
  });
  return {
    name: parsed.name,
    page: parsed.page,
    sortBy: parsed.sortBy,
    device: parsed.device,
    toll: parsed.toll,
  };
}

/** The URL of a list page with some of its state changed; defaults are left out. */
export function queryHref(path: string, q: ListQuery, change: Partial<ListQuery> = {}) {
  const next = { ...q, page: 1, ...change };
  const params = new URLSearchParams();
  if (next.name) params.set('name', next.name);
  if (next.sortBy !== 'downloads') params.set('sort', next.sortBy);
  if (next.device) params.set('device', String(next.device));
  if (next.toll !== undefined) params.set('price', next.toll ? 'paid' : 'free');
  if (next.page > 1) params.set('page', String(next.page));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

export const listInput = (kind: Kind, q: ListQuery) => ({ ...q, type: kind, limit: STORE_PAGE_SIZE });
