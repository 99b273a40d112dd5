// No `server-only` here: the server entry (src/entry) reads cookies before Next does, and must read
// them exactly as the pages and the API do.

/**
 * The one reading of a Cookie header for the whole portal: the page cache, the pages and the API.
 * A name may come more than once (`maccms=; maccms=abc`, two Cookie headers, which Node joins with
 * `; `, a cookie of a longer path planted by another site of the domain). Every reader takes the same
 * value: the last one that is not empty. Names and values are trimmed of spaces and tabs only (as
 * deploy/nginx.conf reads them too).
 */
type Pair = { name: string; value: string };

type CookieHeader = string | readonly string[] | null | undefined;

const trim = (text: string) => text.replace(/^[ \t]+|[ \t]+$/g, '');

function pairs(header: CookieHeader): Pair[] {
  const text = Array.isArray(header) ? header.join('; ') : ((header as string | null | undefined) ?? '');
  const out: Pair[] = [];
  for (const part of text.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = trim(part.slice(0, at));
    if (name) out.push({ name, value: trim(part.slice(at + 1)) });
  }
  return out;
}

/** The raw value taken for `name`: the last non-empty one, else '' when it only comes empty. */
function chosen(list: Pair[], name: string): string | undefined {
  let found: string | undefined;
  for (const pair of list) if (pair.name === name && (pair.value || found === undefined)) found = pair.value;
  return found;
}

/** The value of cookie `name`, decoded; undefined when absent, empty or not validly escaped. */
export function readCookie(header: CookieHeader, name: string): string | undefined {
  const raw = chosen(pairs(header), name);
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** Whether the header names cookie `name` at all, even without a value. */
export const namesCookie = (header: CookieHeader, name: string) => pairs(header).some((p) => p.name === name);

/**
 * The header with every name once, holding the value readCookie takes, so that any other parser
 * (Next's `cookies()`, next-intl's language cookie) can only read what the portal reads. Undefined
 * when nothing is left.
 */
export function oneCookieEach(header: CookieHeader): string | undefined {
  const list = pairs(header);
  const names = [...new Set(list.map((p) => p.name))];
  const text = names.map((name) => `${name}=${chosen(list, name)}`).join('; ');
  return text || undefined;
}

/** The header without cookie `name` (every time it comes); undefined when nothing is left. */
export function withoutCookie(header: CookieHeader, name: string): string | undefined {
  const text = pairs(header)
    .filter((p) => p.name !== name)
    .map((p) => `${p.name}=${p.value}`)
    .join('; ');
  return text || undefined;
}
