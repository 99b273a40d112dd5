/**
 * Paths machine clients call (the CMS admin's market, collectors, the API) answer where they are
 * called, never with a redirect: the CMS treats anything but HTTP 200 as "API error", and builds its
 * URLs from a configured base that may end in a slash (`https://portal//api/market/center`,
 * `…/provide/vod/?ac=list`). Next answers both with a 308, so they are normalised before Next sees
 * them. Pages keep Next's redirects: a browser follows them and search engines want one address.
 */
export const MACHINE_PATH = /^\/(api|yapi|dapi|resource-api)(\/|$)/;

export function normalizeMachineUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q);
  const collapsed = path.replace(/\/{2,}/g, '/');
  if (!MACHINE_PATH.test(collapsed)) return url;
  const trimmed = collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
  return `${trimmed}${query}`;
}
