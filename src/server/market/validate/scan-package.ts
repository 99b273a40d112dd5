import 'server-only';
import type { HiddenSelectors } from '@/server/domain/web-code';
import type { ValidationReport } from '../../db/schema';
import { inflateCapped } from '../zip/inflate';
import { listEntries, readEntry, type ZipEntry, ZipError } from '../zip/read-zip';
import { isMarkdownDoc, isMarkdownName, namedByOthers } from './docs';
import { identify, isText, type KnownIndex, knownHash, knownText, looseText } from './known-files';
import { PAGE_CODE_CHARS, pageCodeFindings } from './page-code';
import { newBudget, type Budget as PhpBudget } from './php/context';
import { declaresOnly } from './php/declares';
import type { FileLink } from './php/link';
import { contentKind, nameRisk } from './risky';
import { hasPhpText, isScript, JS, type ScanFinding, scanFile, TEMPLATE, withEvidence } from './scan';
import { linkScripts, type Scanned } from './scan-link';
import { themeStyles } from './theme-styles';

type Check = ValidationReport['checks'][number];

export type ScanLimits = {
  entries: number;
  uncompressed: number;
  ratio: number;
  scanBytes: number;
  /** PHP tokens read per package (default newBudget()'s): past them a person reads the rest. */
  scanTokens?: number;
  /** Characters of browser code read per package (default PAGE_CODE_CHARS), likewise. */
  pageChars?: number;
};
type Budget = {
  entries: number;
  bytes: number;
  php: PhpBudget;
  /** Browser code left to read (page-code.ts). */
  page: { chars: number };
  /** What the package's own stylesheets hide. */
  sheets: HiddenSelectors;
  scripts: Scanned[];
  /** Package files identical to a file of a known release: not read for suspicion. */
  known: Set<string>;
  /** Whether a file of the package is documentation no other file names (docs.ts). */
  doc: (name: string, text: string) => boolean;
};

/**
 * Reads every entry of the package (so that each one's real size and CRC are checked while it is
 * inflated, not only the scripts'), holds risky file types, scans scripts, and opens zips inside the
 * package once (deeper archives are held). Answers the checks to add, or the check that refuses it.
 */
export function scanEntries(
  zip: Uint8Array,
  files: ZipEntry[],
  limits: ScanLimits,
  known?: KnownIndex,
): { checks: Check[]; fail?: Check } {
  const checks: Check[] = [];
  // Reading PHP costs about a second per 600,000 tokens of dense code on this hardware: the shared
  // budget bounds how long one upload can hold the event loop (real plugins use a small part of it).
  const php = newBudget();
  if (limits.scanTokens !== undefined) php.tokens = limits.scanTokens;
  const first = { ...php };
  const budget: Budget = {
    entries: limits.entries - files.length,
    bytes: limits.uncompressed,
    php,
    page: { chars: limits.pageChars ?? PAGE_CODE_CHARS },
    sheets: themeStyles(zip, files),
    scripts: [],
    known: new Set(),
    doc: () => false,
  };
  const read: { name: string; content: Uint8Array }[] = [];
  for (const entry of files) {
    budget.bytes -= entry.size;
    if (entry.directory) continue;
    try {
      read.push({ name: entry.name, content: readEntry(zip, entry) });
    } catch (error) {
      return { checks, fail: zipFailure(error) };
    }
  }
  if (known) checks.push(...provenance(read, limits, known, budget));
  let texts: { name: string; text: string }[] | undefined;
  budget.doc = (name, text) => {
    if (!isMarkdownDoc(name, text)) return false;
    texts ??= read
      .filter((f) => f.content.length <= limits.scanBytes)
      .map((f) => ({ name: f.name, text: latin1(f.content) }));
    return !namedByOthers(name, texts);
  };
  for (const { name, content } of read) checks.push(...checkFile(name, content, limits, budget, 0));
  // A package left partly unread is held for a person already: reading the rest again adds nothing.
  // Otherwise what files share is read again within a budget as large as the first pass's (scan-link.ts):
  // the scan's cost at most doubles, whether the first pass used all of its budget or a fifth of it.
  if (!checks.some((c) => c.key === 'notScanned'))
    for (const x of linkScripts(budget.scripts, { ...first })) {
      if (x.unread) checks.push(findingCheck(x.file, { rule: 'notScanned', line: 0, snippet: '' }));
      else if (x.finding) checks.push(findingCheck(x.file, x.finding));
    }
  return { checks };
}

/**
 * What the known-release index says of the package's scripts: copies of known files are noted once
 * per release and not read for suspicion (budget.known); a known file changed in place is held with
 * the lines the release does not have (the copy is still read like any other file). The CMS's own
 * release files are known files too, reported as such (`officialRelease`, `scan.modifiedOfficial`):
 * a theme carrying the default template's script is carrying the CMS's code, not its own.
 */
function provenance(
  read: { name: string; content: Uint8Array }[],
  limits: ScanLimits,
  known: KnownIndex,
  budget: Budget,
): Check[] {
  // Every file is looked up (a release ships docs and archives too); only scripts can be modified copies.
  // A script's text is kept to compare it line by line; any other file's only for its hash.
  // A text file is also hashed as the CMS's own files are compared (known-files.ts, `looseText`).
  const scripts = read.map((f) => {
    const text = knownText(f.content);
    const small = f.content.length <= limits.scanBytes;
    const script = small && (isScript(f.name) || hasPhpTag(f.content));
    const loose = small && isText(f.content) ? knownHash(looseText(text)) : undefined;
    return { name: f.name, hash: knownHash(text), ...(loose ? { loose } : {}), ...(script ? { text } : {}) };
  });
  const { identical, modified } = identify(scripts, known);
  const out: Check[] = [];
  type Release = { library: string; version: string; files: number; example: string; official: boolean };
  const releases = new Map<string, Release>();
  for (const f of identical.values()) {
    budget.known.add(f.name);
    const key = `${f.library}\0${f.version}`;
    const r = releases.get(key) ?? {
      library: f.library,
      version: f.version,
      files: 0,
      example: f.path.slice(0, 200),
      official: !!f.official,
    };
    r.files++;
    releases.set(key, r);
  }
  for (const { official, ...r } of releases.values())
    out.push({ level: 'pass', key: official ? 'officialRelease' : 'knownRelease', params: r });
  for (const m of modified.values()) {
    const text = scripts.find((s) => s.name === m.name)?.text ?? '';
    const rule = m.official ? 'modifiedOfficial' : 'modifiedKnown';
    const [evidence] = withEvidence(text, [{ rule, line: m.added[0] ?? 0 }]);
    const check = findingCheck(m.name, evidence!);
    check.params = {
      ...check.params,
      library: m.library,
      version: m.version,
      path: m.path.slice(0, 200),
      count: m.added.length + m.removed,
      lines: m.added.length ? m.added.slice(0, 10).join(', ') + (m.added.length > 10 ? ', …' : '') : '-',
    };
    out.push(check);
  }
  return out;
}

/** The hold for a scan finding: its rule, and the evidence a reviewer reads. */
function findingCheck(file: string, f: ScanFinding): Check {
  const { rule, ...evidence } = f;
  const params = { file: file.slice(0, 200) };
  return rule === 'notScanned'
    ? { level: 'hold', key: 'notScanned', params }
    : { level: 'hold', key: `scan.${rule}`, params: { ...params, ...evidence } };
}

function checkFile(
  name: string,
  content: Uint8Array,
  limits: ScanLimits,
  budget: Budget,
  depth: number,
): Check[] {
  const out: Check[] = [];
  const hold = (key: string, params: Check['params'] = {}) =>
    out.push({ level: 'hold', key, params: { file: name.slice(0, 200), ...params } });
  // A copy of a known release's file is what it is: neither its name nor its code is suspicious.
  if (depth === 0 && budget.known.has(name)) return out;
  const risk = nameRisk(name);
  const kind = contentKind(content);
  // A second extension after .php (`x.php.jpg`) runs as PHP on some servers: a risk when the bytes
  // hold PHP that does something when run; a compressed copy (`demo.php.gz`) would only print
  // itself, and a template of generated code (`Template.php.in`) only declares a class.
  if (
    risk &&
    risk !== 'archive' &&
    (risk !== 'doubleExt' || (hasPhpTag(content) && !declaresOnly(latin1(content))))
  )
    hold(`risky.${risk}`);
  if (kind === 'zip' || /\.zip$/i.test(name)) {
    if (depth > 0) hold('risky.archive');
    else out.push(...nested(name, content, limits, budget));
    return out;
  }
  if (kind === 'gzip' && depth === 0 && risk !== 'archive') {
    const inner = gunzip(content, budget);
    if (inner) out.push(...checkFile(name.replace(/\.gz$/i, ''), inner, limits, budget, 1));
    else hold('risky.archive');
    return out;
  }
  if (kind === 'archive' || kind === 'gzip' || risk === 'archive') {
    hold('risky.archive');
    return out;
  }
  const script = isScript(name) || hasPhpTag(content);
  if (script && content.length > limits.scanBytes) {
    // Padding a file past the scan size must not be a way around the scan: a person looks at it.
    hold('notScanned');
    return out;
  }
  if (!script) return out;
  if (depth === 0 && isMarkdownName(name) && budget.doc(name, latin1(content))) return out;
  const link: FileLink = { name, wants: new Set() };
  const found = scanFile(name, content, budget.php, link);
  // A .phps file is shown as highlighted source, not run: what it calls carries nothing into the
  // package's other files (its own findings and its name are still held).
  if (!/\.phps$/i.test(name)) budget.scripts.push({ name, bytes: content, link, found });
  const browser = JS.test(name) ? 'js' : TEMPLATE.test(name) ? 'html' : undefined;
  if (browser) {
    const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    const page = pageCodeFindings(name, bytes.toString('utf8'), browser, budget.page, budget.sheets);
    found.push(...withEvidence(bytes.toString('latin1'), page));
  }
  for (const f of found) out.push(findingCheck(name, f));
  return out;
}

const latin1 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');

/** A gzip file's content, within what is left of the unpacked-size limit; undefined if it cannot be read. */
function gunzip(content: Uint8Array, budget: Budget): Uint8Array | undefined {
  try {
    const inner = inflateCapped(content, Math.max(0, budget.bytes), 'gzip');
    budget.bytes -= inner.length;
    return inner;
  } catch {
    return undefined;
  }
}

/** Whether bytes hold a PHP opening tag (`<?php`, `<?=`), whatever the file's name. */
function hasPhpTag(bytes: Uint8Array): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = buf.indexOf('<?'); at >= 0; at = buf.indexOf('<?', at + 2)) {
    if (buf[at + 2] === 0x3d || buf.toString('latin1', at + 2, at + 5).toLowerCase() === 'php') return true;
  }
  return buf.indexOf('<?') >= 0 && hasPhpText(buf.toString('latin1'));
}

/** A zip inside the package: its entries are checked like the package's own, within what is left of the limits. */
function nested(name: string, zip: Uint8Array, limits: ScanLimits, budget: Budget): Check[] {
  const broken: Check[] = [
    { level: 'hold', key: 'risky.nestedBroken', params: { file: name.slice(0, 200) } },
  ];
  let entries: ZipEntry[];
  try {
    entries = listEntries(zip, Math.max(0, budget.entries));
  } catch {
    return broken;
  }
  budget.entries -= entries.length;
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  const bomb = entries.some((e) => e.size > 1_000_000 && e.size > e.compressedSize * limits.ratio);
  if (total > budget.bytes || bomb || entries.some((e) => e.encrypted || e.symlink)) return broken;
  budget.bytes -= total;
  const out: Check[] = [];
  for (const entry of entries) {
    if (entry.directory) continue;
    let content: Uint8Array;
    try {
      content = readEntry(zip, entry);
    } catch {
      return broken;
    }
    out.push(...checkFile(`${name}!/${entry.name}`, content, limits, budget, 1));
  }
  return out;
}

/** The report check for a zip the reader refused. */
export function zipFailure(error: unknown): Check {
  if (!(error instanceof ZipError)) return { level: 'fail', key: 'malformed' };
  const file = (error.file ?? '').slice(0, 120);
  switch (error.code) {
    case 'noDirectory':
    case 'badDirectory':
    case 'badEntry':
      return { level: 'fail', key: 'malformed' };
    case 'method':
      return { level: 'fail', key: 'method' };
    default:
      return {
        level: 'fail',
        key: `zip.${error.code}`,
        params: error.other === undefined ? { file } : { file, other: error.other.slice(0, 120) },
      };
  }
}
