import 'server-only';
import { FetchError } from '../net/policy';
import { type FetchOptions, safeFetch } from '../net/safe-fetch';
import { CollectionError } from './format/types';

export const PAGE_FETCH: FetchOptions = {
  maxBytes: 5_000_000,
  totalTimeoutMs: 20_000,
  connectTimeoutMs: 5_000,
};

/** A station's address with our query on top of its own (a station may keep `at=xml`, a key...). */
export function stationUrl(apiUrl: string, query: Record<string, string | number | undefined>): string {
  const url = new URL(apiUrl);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) url.searchParams.delete(key);
    else url.searchParams.set(key, String(value));
  }
  return url.href;
}

/** GETs one page through the SSRF-safe fetcher; anything but a complete HTTP 200 is an error. */
export async function fetchPage(url: string, options: FetchOptions = {}) {
  const result = await safeFetch(url, {
    ...PAGE_FETCH,
    ...options,
    headers: { accept: 'application/json, application/xml, text/xml, */*' },
  });
  if (result.truncated) throw new FetchError('too_large', url);
  if (result.status !== 200) throw new CollectionError('not_collection', `HTTP ${result.status}`);
  return result;
}

/** A stable reason (`timeout`, `invalid_json`, ...) translated on display as `resource.reason.<it>`. */
export function failureReason(error: unknown): string {
  if (error instanceof FetchError) return error.reason;
  if (error instanceof CollectionError)
    return error.message.startsWith('not_collection: HTTP') ? 'http' : error.reason;
  return 'network';
}
