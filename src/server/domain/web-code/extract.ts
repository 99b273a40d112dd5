import 'server-only';
import { decode } from '../signatures/normalise';

/**
 * The pattern reading of a script that does not parse: addresses that text makes the browser
 * load or go to, read in the raw text and in its decoded copy (entities, escapes, base64,
 * fromCharCode lists). Used only as a fallback for the real parse.
 */
export type Loaded = {
  url: string;
  kind: 'script' | 'iframe' | 'js-src' | 'meta-refresh' | 'js-location';
  /** Found only in the decoded copy. */
  decoded: boolean;
  index: number;
};

const PATTERNS: [Loaded['kind'], RegExp][] = [
  ['script', /<script\b[^>]{0,400}?\ssrc\s*=\s*\\?["']?([^"'\\\s>]+)/gi],
  ['iframe', /<i?frame\b[^>]{0,400}?\ssrc\s*=\s*\\?["']?([^"'\\\s>]+)/gi],
  ['js-src', /\.src\s*=\s*["'`]([^"'`\s]{4,})["'`]/g],
  // `s.src = atob("…")`, read in the decoded copy where the argument is already an address.
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

export function extractLoaded(text: string, base: string): Loaded[] {
  const seen = new Set<string>();
  const out: Loaded[] = [];
  const live = text.replace(/<!--[\s\S]*?-->/g, '');
  const decoded = decode(live)?.text;
  for (const [viewIndex, view] of (decoded ? [live, decoded] : [live]).entries()) {
    for (const [kind, pattern] of PATTERNS) {
      for (const m of view.matchAll(pattern)) {
        const value = (m[1] ?? m[2] ?? '').replace(/&amp;/g, '&');
        const url = value.includes('\\') ? null : absolute(value, base);
        if (!url || seen.has(`${kind} ${url}`)) continue;
        seen.add(`${kind} ${url}`);
        out.push({ url, kind, decoded: viewIndex === 1, index: viewIndex === 1 ? 0 : m.index });
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

/** The CMS's own static scripts that campaigns overwrite: fetched on every check. */
export const CMS_SCRIPTS = ['/static/js/playerconfig.js', '/static/js/player.js', '/static/js/home.js'];
