import 'server-only';
import { withHostLimit } from '../../net/host-limit';
import type { TargetPolicy } from '../../net/policy';
import { FetchError } from '../../net/policy';
import { type FetchResult, safeFetch } from '../../net/safe-fetch';

export type Fetched = FetchResult & { text: string };
export type FetchOutcome = { ok: true; page: Fetched } | { ok: false; error: string };

const charsetOf = (contentType = '') => /charset\s*=\s*["']?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';

/** GETs `url` through the SSRF-safe fetcher (two connections per host at most) and decodes the text. */
export async function fetchText(
  url: string,
  headers: Record<string, string>,
  options: { maxBytes: number; policy?: TargetPolicy },
): Promise<FetchOutcome> {
  try {
    const host = new URL(url).host;
    const page = await withHostLimit(host, () =>
      safeFetch(url, { headers, maxBytes: options.maxBytes, totalTimeoutMs: 15_000, policy: options.policy }),
    );
    return { ok: true, page: { ...page, text: decodeBody(page.body, page.headers['content-type']) } };
  } catch (error) {
    if (error instanceof FetchError) return { ok: false, error: error.reason };
    return { ok: false, error: 'network' };
  }
}

function decodeBody(body: Buffer, contentType?: string): string {
  let charset = charsetOf(contentType);
  if (!contentType?.includes('charset')) {
    charset =
      /<meta[^>]{0,80}charset\s*=\s*["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1] ??
      charset;
  }
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
