/** A URL the page makes the browser load or go to (mentions in text do not count). */
export type Loaded = { url: string; kind: 'script' | 'iframe' | 'meta-refresh' | 'js-location' };

const PATTERNS: [Loaded['kind'], RegExp][] = [
  ['script', /<script\b[^>]{0,400}?\ssrc\s*=\s*["']?([^"'\s>]+)/gi],
  ['iframe', /<i?frame\b[^>]{0,400}?\ssrc\s*=\s*["']?([^"'\s>]+)/gi],
  [
    'meta-refresh',
    /<meta\b[^>]{0,200}?http-equiv\s*=\s*["']?refresh["']?[^>]{0,200}?url\s*=\s*'?([^"'\s>]+)/gi,
  ],
  [
    'js-location',
    /(?:\b(?:top|window|self|parent|document)\.)?location(?:\.href)?\s*=\s*["']([^"']+)["']|location\.(?:replace|assign)\(\s*["']([^"']+)["']/g,
  ],
];

/** Absolute http(s) URLs loaded by `html` (resolved against `base`), in order, without duplicates. */
export function extractLoaded(html: string, base: string): Loaded[] {
  const seen = new Set<string>();
  const out: Loaded[] = [];
  for (const [kind, pattern] of PATTERNS) {
    for (const m of html.matchAll(pattern)) {
      const raw = (m[1] ?? m[2] ?? '').replace(/&amp;/g, '&');
      let url: URL;
      try {
        url = new URL(raw, base);
      } catch {
        continue;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      const key = `${kind} ${url.href}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ url: url.href, kind });
    }
  }
  return out;
}

/** The CMS's own static scripts that campaigns overwrite. */
export const CMS_SCRIPTS = ['/static/js/playerconfig.js', '/static/js/player.js', '/static/js/home.js'];
