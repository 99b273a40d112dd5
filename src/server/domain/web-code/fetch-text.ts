import 'server-only';
import { REQUEST_TIMEOUT_MS } from '@/contract/limits';
import { withHostLimit } from '../../net/host-limit';
import type { TargetPolicy } from '../../net/policy';
import { FetchError } from '../../net/policy';
import { type FetchResult, safeFetch } from '../../net/safe-fetch';

export type Fetched = FetchResult & { text: string };

/** One fetch, redirects included, whatever time the check has left. */
const FETCH_MAX_MS = 15_000;
/**
 * A whole check (every profile, every asset) ends within this, so its answer arrives inside the
 * 20-second timeout that the portal's clients give a request.
 */
export const CHECK_BUDGET_MS = REQUEST_TIMEOUT_MS - 3_000;
export type FetchOutcome =
  | { ok: true; page: Fetched }
  /** `hops`: the redirects followed before it failed (a cloaked redirect to an unreachable host). */
  | { ok: false; error: string; hops: FetchResult['redirects'] };

const charsetOf = (contentType = '') => /charset\s*=\s*["']?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';

/** GETs `url` through the SSRF-safe fetcher (two connections per host at most) and decodes the text. */
export async function fetchText(
  url: string,
  headers: Record<string, string>,
  options: { maxBytes: number; policy?: TargetPolicy; deadline?: number },
): Promise<FetchOutcome> {
  try {
    const host = new URL(url).host;
    const page = await withHostLimit(host, () => {
      // Waiting for a connection slot spends the check's time too.
      const left = Math.min(FETCH_MAX_MS, (options.deadline ?? Number.POSITIVE_INFINITY) - Date.now());
      if (left <= 0) throw new FetchError('timeout', url);
      return safeFetch(url, {
        headers,
        maxBytes: options.maxBytes,
        totalTimeoutMs: left,
        policy: options.policy,
      });
    });
    return { ok: true, page: { ...page, text: decodeBody(page.body, page.headers['content-type']) } };
  } catch (error) {
    if (error instanceof FetchError) return { ok: false, error: error.reason, hops: error.redirects };
    return { ok: false, error: 'network', hops: [] };
  }
}

/**
 * The body as text: the charset of the Content-Type header, else of the page's own `<meta>`
 * (GBK and GB2312 pages often declare it only there), else UTF-8.
 */
export function decodeBody(body: Buffer, contentType?: string): string {
  let charset = charsetOf(contentType);
  if (!/charset/i.test(contentType ?? '')) {
    charset =
      /<meta[^>]{0,200}?charset\s*=\s*["']?([\w-]+)/i.exec(body.subarray(0, 4096).toString('latin1'))?.[1] ??
      charset;
  }
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
