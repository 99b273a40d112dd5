import { decode } from '../signatures/normalise';

/**
 * A URL the page or script makes the browser load or go to. Mentions in text and plain links do
 * not count: an indicator host is only evidence where it is loaded.
 */
export type Loaded = {
  url: string;
  kind: 'script' | 'iframe' | 'js-src' | 'meta-refresh' | 'js-location' | 'refresh-header';
};

const PATTERNS: [Loaded['kind'], RegExp][] = [
  ['script', /<script\b[^>]{0,400}?\ssrc\s*=\s*\\?["']?([^"'\\\s>]+)/gi],
  ['iframe', /<i?frame\b[^>]{0,400}?\ssrc\s*=\s*\\?["']?([^"'\\\s>]+)/gi],
  // A script element built by code: `s.src = "…"`, `s.src = atob("…")` (read decoded), setAttribute.
  ['js-src', /\.src\s*=\s*["'`]([^"'`\s]{4,})["'`]/g],
  ['js-src', /\.src\s*=\s*atob\(\s*["'`]((?:https?:)?\/\/[^"'`\s]+)["'`]/g],
  ['js-src', /\.setAttribute\(\s*["']src["']\s*,\s*["'`]([^"'`\s]{4,})["'`]/g],
  [
    'meta-refresh',
    /<meta\b[^>]{0,200}?http-equiv\s*=\s*["']?refresh["']?[^>]{0,200}?url\s*=\s*'?([^"'\s>]+)/gi,
  ],
  [
    'js-location',
    /(?:\b(?:top|window|self|parent|document)\.)?location(?:\.href)?\s*=\s*["']([^"']+)["']|location\.(?:replace|assign)\(\s*["']([^"']+)["']/g,
  ],
];

/**
 * Absolute http(s) URLs loaded by `text` (HTML or script, resolved against `base`), in order,
 * without duplicates. The decoded copy is read too, so a base64 or `\x`-escaped address counts.
 */
export function extractLoaded(text: string, base: string): Loaded[] {
  const seen = new Set<string>();
  const out: Loaded[] = [];
  // Commented-out markup loads nothing.
  const live = text.replace(/<!--[\s\S]*?-->/g, '');
  const decoded = decode(live)?.text;
  for (const view of decoded ? [live, decoded] : [live]) {
    for (const [kind, pattern] of PATTERNS) {
      for (const m of view.matchAll(pattern)) {
        const value = (m[1] ?? m[2] ?? '').replace(/&amp;/g, '&');
        // Escaped text (`\x68\x74…`) is read in the decoded copy, not as a path.
        const url = value.includes('\\') ? null : absolute(value, base);
        if (!url) continue;
        const key = `${kind} ${url}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ url, kind });
      }
    }
  }
  return out;
}

function absolute(raw: string, base: string): string | null {
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The CMS's own static scripts that campaigns overwrite. */
export const CMS_SCRIPTS = ['/static/js/playerconfig.js', '/static/js/player.js', '/static/js/home.js'];
