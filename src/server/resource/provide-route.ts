import 'server-only';
import { toLocale } from '@/contract/locales';
import { provideQuerySchema } from '@/contract/resource';
import { fail } from '../http/envelope';
import { refuseNul } from '../http/payload';
import { provideVod } from './provide-vod';

// Collectors poll this often; a minute of shared caching keeps the database out of it.
const CACHE = 'public, max-age=60, s-maxage=60, stale-while-revalidate=120';

/**
 * `/provide/vod/at/xml/ac/list` is how the CMS's own API and many stations take their parameters:
 * name/value pairs after the path, which the query string then adds to or overrides.
 */
export function pathParams(segments: string[] = []): Record<string, string> {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < segments.length; i += 2) pairs.push([segments[i]!, segments[i + 1]!]);
  return Object.fromEntries(pairs); // own properties only: a `__proto__` segment is just a key
}

/** The collection API (docs/cms-contract.md, section 2): not the `{code, msg, info}` envelope, the CMS's own format. */
export async function serveProvide(request: Request, segments?: string[]): Promise<Response> {
  const url = new URL(request.url);
  const locale = toLocale(request.headers.get('lang') ?? url.searchParams.get('lang'));
  try {
    const raw = { ...pathParams(segments), ...Object.fromEntries(url.searchParams) };
    refuseNul(...Object.keys(raw), ...Object.values(raw));
    const query = provideQuerySchema.parse(raw);
    const { contentType, body } = await provideVod({ query, locale });
    return new Response(body, { headers: { 'content-type': contentType, 'cache-control': CACHE } });
  } catch (error) {
    return fail(locale, error);
  }
}
