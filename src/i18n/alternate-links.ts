import { DEFAULT_LOCALE, LOCALES, localizedPath } from '../contract/locales';

const PREFIX = new RegExp(`^/(?:${LOCALES.join('|')})(?=/|$)`);

/**
 * The `Link` header naming a page's address in every language (and `x-default`), built from
 * `siteUrl` (the portal's SITE_URL, which the proxy passes): the answer is cached and served to
 * every visitor, so nothing in it may come from the request's Host or forwarding headers.
 */
export function alternateLinks(pathname: string, siteUrl: string): string {
  const bare = pathname.replace(PREFIX, '').replace(/\/+$/, '') || '/';
  const base = siteUrl.replace(/\/+$/, '');
  const entry = (path: string, hreflang: string) =>
    `<${base}${path}>; rel="alternate"; hreflang="${hreflang}"`;
  return [
    ...LOCALES.map((locale) => entry(localizedPath(locale, bare), locale)),
    entry(localizedPath(DEFAULT_LOCALE, bare), 'x-default'),
  ].join(', ');
}
