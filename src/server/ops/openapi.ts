import 'server-only';
import { OPERATIONS } from '@/contract/api';
import type { DocText } from '@/contract/api/describe';
import { openApiDocument } from '@/contract/api/openapi';
import { type Locale, toLocale } from '@/contract/locales';
import pkg from '../../../package.json';
import { env } from '../config/env';
import { translate } from '../http/translate';

const documents = new Map<Locale, string>();

/** The reference's words in one language, for the document (keys under `apiDocs`). */
export const docText =
  (locale: Locale): DocText =>
  (key, values) =>
    translate(locale, `apiDocs.${key}`, values);

/** The OpenAPI document in `locale`, built once per process (the registry does not change). */
export function openApiJson(locale: Locale): string {
  let json = documents.get(locale);
  if (!json) {
    const doc = openApiDocument(OPERATIONS, {
      locale,
      text: docText(locale),
      cookieName: env().PRODUCT,
      version: pkg.version,
    });
    json = JSON.stringify(doc);
    documents.set(locale, json);
  }
  return json;
}

/** GET /api/openapi.json: `?lang=` or the `lang` header picks the language; anyone may cache it. */
export async function serveOpenApi(request: Request): Promise<Response> {
  const lang = new URL(request.url).searchParams.get('lang') ?? request.headers.get('lang');
  return new Response(openApiJson(toLocale(lang)), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=300',
      vary: 'lang',
    },
  });
}
