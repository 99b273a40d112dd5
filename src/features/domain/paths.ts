/**
 * The `{product}` of this page's calls, in the paths the earlier portal used: `/yapi/{PRODUCT}/…` and `/dapi/{PRODUCT}pro/…`, the
 * product coming from the server's configuration.
 */
export const domainParams = (product: string) => ({
  yapi: { product },
  dapi: { product: `${product}pro` },
});

/** "https://a.com/x" → ["https", "a.com/x"]; no scheme → the chosen protocol (default http). */
export function splitScheme(value: string, fallback: 'http' | 'https'): ['http' | 'https', string] {
  const m = /^\s*(https?):\/\/(.*)$/i.exec(value);
  if (!m) return [fallback, value.trim()];
  return [m[1]!.toLowerCase() as 'http' | 'https', m[2]!.trim()];
}

/**
 * The link to a site's stored injected-code record: the checks page (`path`, with its language
 * prefix) on the third check, naming the site.
 */
export const recordHref = (path: string, domain: string) =>
  `${path}?${new URLSearchParams({ activeIndex: '3', domain })}`;
