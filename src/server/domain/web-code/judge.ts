import 'server-only';
import { domainToUnicode } from 'node:url';
import type { FoundLoad } from './read-document';
import { WHOLE_PROGRAM } from './script/values';
import { hostSignals, isOwn, pathSignals, registrable, type SiteContext } from './signals/host';
import type { Signal } from './signals/types';
import type { Observation } from './types';

/** Decoders that hide an address (as opposed to plain concatenation, judged by the text itself). */
const HIDING = new Set([
  'fromCharCode',
  'atob',
  'unescape',
  'hex',
  'unicode',
  'packer',
  'stringArray',
  'eval',
  'escapes',
  'dataUri',
  'srcdoc',
  'postMessage',
]);

const lowerCache = new Map<string, string>();
/** The source text in lower case, once per text (a page is judged for every load it makes). */
function lowered(text: string): string {
  let lower = lowerCache.get(text);
  if (lower === undefined) {
    if (lowerCache.size > 64) lowerCache.clear();
    lower = text.toLowerCase();
    lowerCache.set(text, lower);
  }
  return lower;
}

/** A load from the site itself, or from a host the page declares as its own (its mobile domain). */
export function isFirstParty(url: URL, site: SiteContext, declared: Set<string>): boolean {
  if (isOwn(url, site)) return true;
  const host = url.hostname.toLowerCase();
  return declared.has(host) || declared.has(registrable(host));
}

/** Media and text files: a script loaded from one is a payload uploaded where uploads go. */
const NOT_CODE = /\.(?:jpe?g|png|gif|bmp|webp|ico|svg|txt|mp4|m3u8|flv|mp3)$/i;
/** Ways a script element is asked for (a preload `as="image"` is a `link`, and not one). */
const SCRIPT_HOWS = new Set(['script-src', 'js-element', 'get-script']);

/** The signals of a load's address whoever serves it: a fake library name, a script that is an image. */
export function fileSignals(load: FoundLoad, url: URL): Signal[] {
  const signals = pathSignals(url).filter((s) => s.id === 'fakeLibrary');
  const file = url.pathname.split('/').pop() ?? '';
  if (load.kind === 'script' && SCRIPT_HOWS.has(load.how) && NOT_CODE.test(file))
    signals.push({ id: 'scriptNotCode', weight: 4, params: { file } });
  return signals;
}

/**
 * Every signal of one load except cloaking (which needs the other profiles): the host's, the
 * address's, and how the page or script asks for it (hidden element, outside the document,
 * hidden address, behind a visitor test, in an event handler, added to an official file).
 */
export function loadSignals(o: Observation, site: SiteContext): Signal[] {
  const { load, source } = o;
  const url = new URL(load.url);
  const signals: Signal[] = [
    ...hostSignals(url, site),
    ...pathSignals(url).filter((s) => s.id !== 'fakeLibrary'),
    ...fileSignals(load, url),
  ];
  const hiding = load.dec.filter((d) => HIDING.has(d));
  const whole = load.dec.includes(WHOLE_PROGRAM);
  const text = lowered(source.text);
  const evidence = load.evidence.toLowerCase();
  const verbatim = [url.hostname, domainToUnicode(url.hostname)].some(
    (h) => text.includes(h) || evidence.includes(h),
  );
  if (hiding.length > 0 || !verbatim) {
    // Honest code never hides the address of a CDN file: a hidden one loses the benefit of the doubt,
    // unless the whole program was obfuscated, that address with every other string of it.
    const at = whole ? -1 : signals.findIndex((s) => s.id === 'hostWellKnown');
    if (at >= 0) signals.splice(at, 1);
    const how = hiding.length ? hiding : [load.byCode ? 'concatenation' : 'entities'];
    signals.push({ id: 'hiddenAddress', weight: 4, params: { how: how.join(', ') } });
  }
  if (load.hidden && (load.kind === 'iframe' || load.kind === 'object'))
    signals.push({ id: 'hiddenElement', weight: 4 });
  if (load.outside) signals.push({ id: 'outsideDocument', weight: 2 });
  // Statistics code skips spiders as a matter of course: a beacon behind a visitor test is no sign.
  if (load.gates.length > 0 && load.byCode && load.kind !== 'beacon') {
    // Sending only some visitors to another site is the cloaked redirect; loading a file only for
    // some (a phone SDK) is also what honest sites do, so it needs another signal.
    // Code that only runs when called (a download button's handler) is weaker evidence still.
    // A frame over the whole window is a redirect that keeps the site's address in the bar.
    const weight = (load.kind === 'navigate' || load.covers) && !load.deferred ? 4 : 2;
    signals.push({ id: 'gated', weight, params: { by: load.gates.join(', ') } });
  }
  // Fixed over the page as it loads, for every visitor: the site is replaced by another under its
  // own address. Absolutely placed, it may only fill a player's box; a frameset is how a registrar
  // forwards a domain it parks; opened by a click, it is a player or a dialog.
  if (load.covers)
    signals.push({ id: 'coversPage', weight: load.covers === 'fixed' && !load.deferred ? 4 : 2 });
  // An `oncopy=` attribute is where a copy handler is usually written: the address is what matters.
  if (load.inAttribute && load.kind !== 'navigate' && load.kind !== 'clipboard')
    signals.push({ id: 'inAttribute', weight: 4 });
  // What the visitor copies carries another site's address: pasted into chats and forums, it
  // advertises that site with the visitor's hand. Attribution adds the site's own (first party).
  if (load.kind === 'clipboard') signals.push({ id: 'clipboardAddress', weight: 4 });
  if (load.how === 'document-write' && load.kind === 'script')
    signals.push({ id: 'documentWrite', weight: 1 });
  // Evasions honest code has no use for: a tag written in pieces, a browser object reached by a name
  // assembled at run time.
  // An obfuscator builds every name and tag of a whole program so: no choice of the code's own.
  if (load.dec.includes('splitTag') && !whole) signals.push({ id: 'splitTag', weight: 4 });
  if (load.dec.includes('builtName') && !whole) signals.push({ id: 'builtName', weight: 4 });
  // A script would have been a script tag: code fetched as text and run is hidden from the page.
  if (load.how === 'fetch-eval') signals.push({ id: 'fetchEval', weight: 4 });
  // The page runs as code whatever this frame or window posts to it: it is where the code comes from.
  if (load.postsCode) signals.push({ id: 'messageCode', weight: 4 });
  if (source.cmsFile && load.byCode)
    signals.push({ id: 'cmsFileLoads', weight: 4, params: { file: source.cmsFile } });
  if (source.added.some((a) => load.offset >= a.offset && load.offset <= a.offset + a.text.length)) {
    signals.push({ id: 'addedCode', weight: 2 });
  }
  if (load.byCode) {
    for (const name of source.idioms.slice(0, 2))
      signals.push({ id: 'scriptIdiom', weight: 1, params: { name } });
  }
  return signals;
}

/** Signals merged over the places one load was seen: each kind of signal once, at its strongest. */
export function mergeSignals(lists: Signal[][]): Signal[] {
  const byId = new Map<string, Signal>();
  for (const s of lists.flat()) {
    const key = s.id === 'scriptIdiom' ? `${s.id}:${s.params?.name}` : s.id;
    const had = byId.get(key);
    if (!had || Math.abs(s.weight) > Math.abs(had.weight)) byId.set(key, s);
  }
  return [...byId.values()];
}
