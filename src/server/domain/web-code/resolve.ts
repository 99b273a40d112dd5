import 'server-only';
import { UNKNOWN } from './script/values';

/**
 * An address as the browser would resolve it (http and https only), or null when the part the
 * host sits in depends on run time (`'//' + location.host + …`): only the known prefix counts.
 */
export function resolve(raw: string, base: string): string | null {
  const cut = raw.indexOf(UNKNOWN);
  const known = (cut === -1 ? raw : raw.slice(0, cut)).trim();
  if (!known) return null;
  if (cut !== -1 && /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*$/i.test(known)) return null;
  try {
    const url = new URL(known, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
