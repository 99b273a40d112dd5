import 'server-only';
import type { Locale } from '@/contract/locales';
import type { ProbeResult } from '@/contract/resource';
import { translate } from '../http/translate';
import type { FetchOptions } from '../net/safe-fetch';
import { failureReason, fetchPage, stationUrl } from './fetch-page';
import { parseCollectionOffLoop } from './format/parse-off-loop';

/**
 * A first page of `ac=list` (the categories and up to 100 short entries) is a few hundred KB at
 * most; the collector's own pages may be larger (PAGE_FETCH).
 */
export const PROBE_MAX_BYTES = 1_000_000;

/** Asks a station for its category list: does it speak the collection format, how much, how fast. */
export async function probeStation({
  apiUrl,
  locale,
  fetchOptions = {},
}: {
  apiUrl: string;
  locale: Locale;
  fetchOptions?: FetchOptions;
}): Promise<ProbeResult & { reason: string }> {
  const started = Date.now();
  try {
    const result = await fetchPage(stationUrl(apiUrl, { ac: 'list', pg: 1 }), {
      totalTimeoutMs: 10_000,
      maxBytes: PROBE_MAX_BYTES,
      ...fetchOptions,
    });
    const page = await parseCollectionOffLoop(result.body);
    return {
      ok: true,
      format: page.format,
      total: page.total,
      classes: page.classes.length,
      ms: result.elapsedMs,
      error: '',
      reason: '',
    };
  } catch (error) {
    const reason = failureReason(error);
    const ms = Date.now() - started;
    return {
      ok: false,
      format: '',
      total: 0,
      classes: 0,
      ms,
      error: translate(locale, `resource.reason.${reason}`),
      reason,
    };
  }
}
