import 'server-only';
import { lineOf } from '@/server/domain/web-code';
import { type Budget, type Finding, newBudget } from './php/context';
import type { FileLink } from './php/link';
import { minerFindings } from './php/miners';
import { scanPhp } from './php/scan-php';
import { sqlFindings } from './php/sql';
import type { Mode } from './php/tokens';
import { maccmsTagFindings, pipedFindings } from './template-tags';

/** A finding as the report keeps it: the rule, and where a person can see it. */
export type ScanFinding = {
  rule: string;
  line: number;
  snippet: string;
  fn?: string;
  src?: string;
  /** The package's other file the shape is split with (link.ts). */
  via?: string;
};

const PHP = /\.(php\d?|phtml|pht|phps|phar|inc)$/i;
export const TEMPLATE = /\.(html?|tpl|shtml?|stm)$/i;
export const JS = /\.(m?js)$/i;
/** SQL a plugin ships for its installer to run. */
const SQL = /\.sql$/i;
/** Longest snippet kept: enough to recognise the line, not enough to carry a payload into the report. */
const SNIPPET = 160;
/** Findings kept per file: a reviewer needs the first few, not every line of a shell. */
const PER_FILE = 10;

/** Browser code that runs a decoded string or loads a hidden remote script (text rules). */
const JS_RULES: { rule: string; test: RegExp }[] = [
  {
    rule: 'jsDecoded',
    test: /\b(?:eval|Function|setTimeout)\s*\(\s*(?:atob|unescape|decodeURIComponent|String\.fromCharCode)\s*\(/g,
  },
  {
    rule: 'scriptLoader',
    test: /createElement\s*\(\s*['"]script['"]\s*\)[\s\S]{0,200}\.src\s*=\s*(?:atob|unescape|String\.fromCharCode)\s*\(/g,
  },
];

/** Control characters and the bidirectional overrides that could make a snippet read as other code. */
const unprintable = (c: number) =>
  c < 0x20 ||
  (c >= 0x7f && c <= 0x9f) ||
  c === 0x2028 ||
  c === 0x2029 ||
  (c >= 0x202a && c <= 0x202e) ||
  (c >= 0x2066 && c <= 0x2069);

/** What a file of the package holds that a reviewer must see, found by its name's kind. */
export function scanFile(
  name: string,
  bytes: Uint8Array,
  budget: Budget = newBudget(),
  link?: FileLink,
): ScanFinding[] {
  // Byte-faithful text (one char per byte), as PHP reads its source.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const php = (mode: Mode) => scanPhp(text, mode, budget, 0, false, link);
  let found: Finding[] = [];
  if (SQL.test(name))
    found = sqlFindings(text).map((f) => ({
      rule: f.rule,
      line: lineOf(text, f.at),
      fn: f.verb,
      src: f.src,
    }));
  else if (PHP.test(name)) found = [...php('php'), ...textRules(text, JS_RULES)];
  else if (TEMPLATE.test(name)) {
    found = [
      ...php('template'),
      ...pipedFindings(text, budget),
      ...maccmsTagFindings(text, budget),
      ...textRules(text, JS_RULES),
    ];
  } else {
    if (JS.test(name)) found = textRules(text, JS_RULES);
    // PHP hidden in an image, a script or a text file runs once something includes it or a server
    // maps its type.
    if (hasPhpText(text)) found = [...found, ...php('php')];
  }
  if (!SQL.test(name)) found = [...found, ...minerFindings(text)];
  return withEvidence(text, found);
}

/** Findings as the report keeps them, each with its line shown (`text` one char per byte). */
export function withEvidence(text: string, found: Finding[]): ScanFinding[] {
  return found.slice(0, PER_FILE).map((f) => ({
    rule: f.rule,
    line: f.line,
    snippet: snippet(text, f.line, f.fn),
    ...(f.fn ? { fn: f.fn } : {}),
    ...(f.src ? { src: f.src.slice(0, 60) } : {}),
    ...(f.via ? { via: f.via.slice(0, 200) } : {}),
  }));
}

/**
 * Whether text holds a PHP opening tag: `<?php`, `<?=`, or, in a text file (no control bytes as
 * images and archives have), the short `<? ` that PHP runs when short_open_tag is on.
 */
export function hasPhpText(text: string): boolean {
  if (/<\?(php|=)/i.test(text)) return true;
  const short = text.search(/<\?\s/);
  if (short < 0) return false;
  const head = text.slice(0, Math.max(8192, short + 2));
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if (c < 0x09 || (c > 0x0d && c < 0x1b)) return false;
  }
  return true;
}

/** Whether a file is scanned for content at all (the others are checked by name and by bytes). */
export const isScript = (name: string) =>
  PHP.test(name) || TEMPLATE.test(name) || JS.test(name) || SQL.test(name);

function textRules(text: string, rules: { rule: string; test: RegExp }[]): Finding[] {
  const out: Finding[] = [];
  for (const { rule, test } of rules) {
    test.lastIndex = 0;
    const m = test.exec(text);
    if (m) out.push({ rule, line: lineOf(text, m.index) });
  }
  return out;
}

/** The finding's line as UTF-8 text, one line, control characters blanked, bounded around `fn`. */
function snippet(text: string, line: number, fn?: string): string {
  if (line < 1) return '';
  let start = 0;
  for (let n = 1; n < line; n++) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) return '';
    start = nl + 1;
  }
  const stop = text.indexOf('\n', start);
  const raw = text.slice(start, stop < 0 ? text.length : Math.min(stop, start + 20_000));
  const clean = Buffer.from(raw, 'latin1')
    .toString('utf8')
    .replace(/[^ -~]/g, (ch) => (unprintable(ch.charCodeAt(0)) ? ' ' : ch))
    .replace(/\s+/g, ' ')
    .trim();
  if (clean.length <= SNIPPET) return clean;
  const at = fn ? Math.max(0, clean.toLowerCase().indexOf(fn.replace('…', '').toLowerCase())) : 0;
  const from = Math.max(0, Math.min(at - 40, clean.length - SNIPPET));
  return `${from > 0 ? '…' : ''}${clean.slice(from, from + SNIPPET)}…`;
}
