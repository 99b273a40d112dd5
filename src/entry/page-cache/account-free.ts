import zlib from 'node:zlib';
import type { Stored } from './store';

/**
 * The prop under which src/app/[locale]/layout.tsx hands the account to the browser
 * (`<SessionProvider initialUser>`): a router payload that holds it includes the layout.
 */
const ACCOUNT_PROP = Buffer.from('"initialUser":');
const known = new WeakMap<Stored, boolean>();

/**
 * Whether an anonymous router payload holds no account, so a logged-in visitor may get it too. A
 * payload below the layout (a prefetch, a navigation within one language) is the same for every
 * visitor; one that includes the layout (a refresh after logging in or out, a change of language)
 * carries the account and is never shared. Decided once per kept answer.
 */
export function accountFree(entry: Stored): boolean {
  let free = known.get(entry);
  if (free === undefined) {
    free = decoded(entry)?.includes(ACCOUNT_PROP) === false;
    known.set(entry, free);
  }
  return free;
}

/**
 * The account prop with a value other than `null`, as a page's HTML (`\"initialUser\":{`, inside
 * a script string) or a router payload (`"initialUser":{`) holds it.
 */
const ACCOUNT_VALUE = /"initialUser\\*"\s*:\s*(?!null\b)/;

/**
 * Whether an answer's body carries an account (an answer that cannot be read counts as one): such an
 * answer is never kept for others, whatever let it get this far.
 */
export function carriesAccount(body: Buffer, encoding: unknown): boolean {
  const text = decoded({ body, headers: { 'content-encoding': encoding as string | undefined } });
  return text === null || ACCOUNT_VALUE.test(text.toString('latin1'));
}

function decoded(entry: Pick<Stored, 'body' | 'headers'>): Buffer | null {
  const encoding = String(entry.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  try {
    if (encoding === 'identity') return entry.body;
    if (encoding === 'gzip') return zlib.gunzipSync(entry.body);
    if (encoding === 'deflate') return zlib.inflateSync(entry.body);
    if (encoding === 'br') return zlib.brotliDecompressSync(entry.body);
  } catch {
    // A body we cannot read is not shared.
  }
  return null;
}
