import 'server-only';
import { siteUrl } from '../../config/env';

/** The longest host name DNS allows. */
const HOST_MAX = 253;

function hostOf(address: string | null): string {
  if (!address) return '';
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? url.host.toLowerCase().slice(0, HOST_MAX)
      : '';
  } catch {
    return '';
  }
}

/**
 * The site that redeems a licence code, as the developer sees it listed. The CMS sends no field
 * naming its site (docs/cms-contract.md: `id`, `type`, `license`, `code`), so this is the page
 * address its request names (`Referer`) and, when it names none (the CMS's curl sends none by
 * default) or names the portal itself (a visitor on the item's page), the address the call came from.
 * Origin is no help: a POST whose Origin is another site is refused as cross-site (same-origin.ts).
 */
export function siteHost(request: Request, ip: string): string {
  const referer = hostOf(request.headers.get('referer'));
  const own = new Set([hostOf(siteUrl()), (request.headers.get('host') ?? '').toLowerCase()]);
  if (referer && !own.has(referer)) return referer;
  return ip || 'unknown';
}
