import 'server-only';
import { siteUrl } from '../config/env';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a call that may change state was sent by a page of another site (cross-site request
 * forgery riding on the session cookie): the browser says so in Sec-Fetch-Site, or, in browsers that
 * do not send it, Origin names another host or is `null`. A call with the `token` header is an API
 * client's: a page of another site cannot add that header without a CORS preflight, which the portal
 * never grants. A call with neither header does not come from a browser page. Reads (the GET routes
 * change nothing) are not checked.
 */
export function isCrossSite(request: Request): boolean {
  if (READS.has(request.method)) return false;
  const h = request.headers;
  if (h.get('token')?.trim()) return false;
  const site = h.get('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = h.get('origin');
  if (origin === null) return false;
  return !ownHosts(request).has(hostOf(origin));
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return ''; // `null` and anything else unreadable is nobody's host
  }
};

/** The names this site answers to; a page of another site can set none of these headers. */
function ownHosts(request: Request): Set<string> {
  const h = request.headers;
  const names = [
    h.get('host'),
    ...(h.get('x-forwarded-host') ?? '').split(','),
    hostOf(siteUrl()),
    hostOf(request.url),
  ];
  return new Set(names.map((n) => (n ?? '').trim().toLowerCase()).filter(Boolean));
}
