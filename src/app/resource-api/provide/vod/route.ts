import { toLocale } from '@/contract/locales';
import { provideQuerySchema } from '@/contract/resource';
import { fail } from '@/server/http/envelope';
import { provideVod } from '@/server/resource/provide-vod';

// Collectors poll this often; a minute of shared caching keeps the database out of it.
const CACHE = 'public, max-age=60, s-maxage=60, stale-while-revalidate=120';

/** The collection API (client-contract §2): not the `{code, msg, info}` envelope, the CMS's own format. */
export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const locale = toLocale(request.headers.get('lang') ?? url.searchParams.get('lang'));
  try {
    const query = provideQuerySchema.parse(Object.fromEntries(url.searchParams));
    const { contentType, body } = await provideVod({ query, locale });
    return new Response(body, { headers: { 'content-type': contentType, 'cache-control': CACHE } });
  } catch (error) {
    return fail(locale, error);
  }
}
