import 'server-only';
import crypto, { createHash } from 'node:crypto';
import { normaliseText } from '../../domain/official/normalise';

/**
 * Known files: every file of a library release an administrator imported (Twig 3.5.1, phpseclib
 * 3.0.19…), by hash. A package file byte-identical to one (line endings and a BOM aside) is what it
 * is and is not read for suspicion; a package file at the place of a known file whose neighbours
 * are identical copies, but that differs itself, is a modified copy: the strongest sign of a planted
 * backdoor there is.
 *
 * What is stored: per file its release path, the SHA-256 of its normalised bytes and, for text
 * files, an 8-byte hash of each line (SHA-256, truncated: a line cannot be ground to look known).
 * Line hashes are enough to say which lines of the package's copy the release does not have (the
 * package's own text shows them) and how many of the release's lines it lacks; the release's text
 * itself is never kept, so the index stays small (about 12 bytes a line).
 */
export type KnownFile = { path: string; sha256: string; lines?: string };
/**
 * `official`: a release of the CMS itself, from the portal's own release packages
 * (src/server/domain/official/), never stored here; the same rule reads it.
 */
export type KnownLibrary = { library: string; version: string; files: KnownFile[]; official?: boolean };
/** The stored index: what the import command writes and the scan reads. */
export type KnownStore = { libraries: KnownLibrary[] };

type Hit = { lib: KnownLibrary; file: KnownFile };
export type KnownIndex = {
  byHash: Map<string, Hit[]>;
  byPath: Map<KnownLibrary, Map<string, KnownFile>>;
  /** Known files with line hashes by base name, for a changed copy that has no identical neighbours. */
  byName: Map<string, Hit[]>;
};

/** Bytes as compared: one char per byte, without a UTF-8 BOM, with Unix line endings. */
export function knownText(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/^\xEF\xBB\xBF/, '')
    .replace(/\r\n?/g, '\n');
}

export const knownHash = (text: string) => createHash('sha256').update(text, 'latin1').digest('hex');

/**
 * The CMS's own text files compare as the domain tamper check compares a site's copy (normalise.ts):
 * also without trailing blanks on a line or blank lines at the end, which an editor's save or an FTP
 * upload changes without changing the code. Library releases keep the stricter reading their stored
 * hashes were made with. Applied to `knownText`'s one char per byte, so no byte is lost.
 */
export const looseText = (text: string) => normaliseText(text);

const LINE_HASH = 8;
/** One-shot hashing where Node has it (about 5× faster per line than a Hash object); same digest. */
const oneShot = (crypto as { hash?: (alg: string, data: string, out: 'buffer') => Buffer }).hash;
const lineHash = (line: string) =>
  (oneShot ? oneShot('sha256', line, 'buffer') : createHash('sha256').update(line).digest()).subarray(
    0,
    LINE_HASH,
  );
const lineKey = (line: string) => lineHash(line).toString('base64');

/** Whether bytes look like text (no NUL in the first 8 KB): only text files keep line hashes. */
export const isText = (bytes: Uint8Array) => !bytes.subarray(0, 8192).includes(0);
/** Longest file whose lines are kept: the scan reads nothing larger either. */
const LINES_UP_TO = 2_000_000;

/**
 * One release as the index keeps it; paths lose a top folder every file shares (`twig-3.5.1/`).
 * `loose`: text files as `looseText` reads them (the CMS's own releases).
 */
export function knownLibrary(
  library: string,
  version: string,
  entries: { path: string; bytes: Uint8Array }[],
  loose = false,
): KnownLibrary {
  const files = entries.filter((e) => e.path && !e.path.endsWith('/'));
  const top = commonTop(files.map((f) => f.path));
  return {
    library,
    version,
    files: files.map(({ path, bytes }) => {
      const text = loose && isText(bytes) ? looseText(knownText(bytes)) : knownText(bytes);
      const file: KnownFile = { path: path.slice(top.length), sha256: knownHash(text) };
      if (bytes.length <= LINES_UP_TO && isText(bytes)) {
        file.lines = Buffer.concat(text.split('\n').map(lineHash)).toString('base64');
      }
      return file;
    }),
  };
}

function commonTop(paths: string[]): string {
  const first = paths[0]?.split('/')[0];
  if (!first || paths.some((p) => !p.startsWith(`${first}/`))) return '';
  return `${first}/`;
}

/** The store, ready for look-ups. */
export function knownIndex(store: KnownStore): KnownIndex {
  const byHash = new Map<string, Hit[]>();
  const byPath = new Map<KnownLibrary, Map<string, KnownFile>>();
  const byName = new Map<string, Hit[]>();
  // Each distinct text once by name: releases ship the same file again and again.
  const listed = new Set<string>();
  for (const lib of store.libraries) {
    const paths = new Map<string, KnownFile>();
    for (const file of lib.files) {
      paths.set(file.path, file);
      if (file.lines && !listed.has(file.sha256)) {
        listed.add(file.sha256);
        const base = baseName(file.path);
        const named = byName.get(base) ?? [];
        named.push({ lib, file });
        byName.set(base, named);
      }
      const hits = byHash.get(file.sha256) ?? [];
      hits.push({ lib, file });
      byHash.set(file.sha256, hits);
    }
    byPath.set(lib, paths);
  }
  return { byHash, byPath, byName };
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1).toLowerCase();
/** Known files of one base name compared line by line with a package file, at most. */
const NAMESAKES = 12;
/** A copy without identical neighbours is a changed copy when most of its lines are the release's. */
const MOSTLY_SAME = 0.8;
/** Shortest known file matched by its lines alone (a short file shares its lines with many). */
const MIN_LINES = 20;
/**
 * Comparisons by name per package: a package of a thousand files all named like a large known file
 * must not cost a thousand comparisons (past them, a file is read like any other).
 */
const NAMESAKE_COMPARISONS = 200;

/** A package file identical to a known one. */
export type Identical = { name: string; library: string; version: string; path: string; official?: boolean };
/** A package file at a known file's place, with its neighbours identical, that differs. */
export type Modified = {
  name: string;
  library: string;
  version: string;
  path: string;
  official?: boolean;
  /** Lines of the package's copy the release does not have (1-based). */
  added: number[];
  /** How many of the release's lines the copy lacks. */
  removed: number;
};

/**
 * Which package files are known copies, and which are modified copies of known files. A modified
 * copy is found by place: the identical files fix where a release sits in the package (the part of
 * their paths before the part they share with the release's paths), and a file of the package at
 * the same place relative to that root, in a release whose files are copied there, is the copy of
 * that release's file. When several releases fit, the one with the most identical neighbours wins.
 */
export function identify(
  files: { name: string; hash: string; loose?: string; text?: string }[],
  index: KnownIndex,
): { identical: Map<string, Identical>; modified: Map<string, Modified> } {
  const identical = new Map<string, Identical>();
  const roots = new Map<string, { lib: KnownLibrary; pkg: string; rel: string; count: number }>();
  const unknown: Unknown[] = [];
  for (const f of files) {
    const hits = index.byHash.get(f.hash) ?? (f.loose ? index.byHash.get(f.loose) : undefined);
    if (!hits) {
      if (f.text !== undefined) unknown.push(new Unknown(f.name, f.text));
      continue;
    }
    const best = hits.find((h) => f.name.endsWith(h.file.path)) ?? hits[0]!;
    identical.set(f.name, {
      name: f.name,
      library: best.lib.library,
      version: best.lib.version,
      path: best.file.path,
      ...(best.lib.official ? { official: true } : {}),
    });
    for (const h of hits) {
      const tail = sharedTail(f.name, h.file.path);
      if (!tail) continue;
      const pkg = f.name.slice(0, f.name.length - tail.length);
      const rel = h.file.path.slice(0, h.file.path.length - tail.length);
      const key = `${h.lib.library}\0${h.lib.version}\0${pkg}\0${rel}`;
      const root = roots.get(key) ?? { lib: h.lib, pkg, rel, count: 0 };
      root.count++;
      roots.set(key, root);
    }
  }
  const modified = new Map<string, Modified>();
  const decoded = new Map<string, Map<string, number>>();
  const budget = { comparisons: NAMESAKE_COMPARISONS };
  const ranked = [...roots.values()].sort((a, b) => b.count - a.count);
  for (const f of unknown) {
    for (const root of ranked) {
      if (!f.name.startsWith(root.pkg)) continue;
      const known = index.byPath.get(root.lib)?.get(root.rel + f.name.slice(root.pkg.length));
      if (!known) continue;
      const lines = f.keys(!!root.lib.official);
      const diff = lineDiff(lines, known.lines, decoded);
      // A theme is meant to change the CMS's templates: at an official file's place, only a copy
      // that is mostly that file is a changed copy of it; a page of its own is read as its own.
      if (root.lib.official && !mostlySame(diff, lines.length, known)) continue;
      modified.set(f.name, {
        name: f.name,
        library: root.lib.library,
        version: root.lib.version,
        path: known.path,
        ...(root.lib.official ? { official: true } : {}),
        ...diff,
      });
      break;
    }
    if (!modified.has(f.name)) {
      const alone = namesake(f, index, decoded, budget);
      if (alone) modified.set(f.name, alone);
    }
  }
  return { identical, modified };
}

/**
 * A changed copy of a known file carried alone (a single-file library such as Parsedown.php, or one
 * file taken from a release): a known file of the same base name whose lines are most of this one's,
 * and this one most of its. The closest such file wins. Known files whose path the package's path
 * ends with most (`js/home.js` for `template/default/js/home.js`) are compared first, each distinct
 * file once (many releases of the CMS ship the same file).
 */
function namesake(
  f: Unknown,
  index: KnownIndex,
  decoded: Map<string, Map<string, number>>,
  budget: { comparisons: number },
): Modified | undefined {
  if (budget.comparisons <= 0) return undefined;
  const candidates = (index.byName.get(baseName(f.name)) ?? [])
    .map((hit) => ({ hit, tail: segments(sharedTail(f.name, hit.file.path)) }))
    .sort((a, b) => b.tail - a.tail)
    .slice(0, NAMESAKES)
    .map(({ hit }) => hit);
  let best: Modified | undefined;
  for (const { lib, file } of candidates) {
    if (lineCount(file) < MIN_LINES || budget.comparisons-- <= 0) continue;
    const lines = f.keys(!!lib.official);
    const diff = lineDiff(lines, file.lines, decoded);
    if (!mostlySame(diff, lines.length, file)) continue;
    if (best && best.added.length + best.removed <= diff.added.length + diff.removed) continue;
    best = {
      name: f.name,
      library: lib.library,
      version: lib.version,
      path: file.path,
      ...(lib.official ? { official: true } : {}),
      ...diff,
    };
  }
  return best;
}

/** Lines a known file has (its line hashes, base64, 8 bytes a line). */
const lineCount = (file: KnownFile) => ((file.lines?.length ?? 0) * 0.75) / LINE_HASH;

/** Whether most of a copy's lines are the known file's, and most of the known file's are the copy's. */
function mostlySame(diff: { added: number[] }, lines: number, file: KnownFile): boolean {
  const kept = lines - diff.added.length;
  return kept >= lines * MOSTLY_SAME && kept >= lineCount(file) * MOSTLY_SAME;
}

/** A package file no known file is identical to, with its line hashes as each kind of release reads them. */
class Unknown {
  private strict: string[] | undefined;
  private loose: string[] | undefined;
  constructor(
    readonly name: string,
    readonly text: string,
  ) {}
  keys(official: boolean): string[] {
    if (official) {
      this.loose ??= looseText(this.text).split('\n').map(lineKey);
      return this.loose;
    }
    this.strict ??= this.text.split('\n').map(lineKey);
    return this.strict;
  }
}

const segments = (path: string) => (path ? path.split('/').length : 0);

/** The longest run of whole path segments two paths end with ('' when even the file name differs). */
function sharedTail(a: string, b: string): string {
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length && n < y.length && x[x.length - 1 - n] === y[y.length - 1 - n]) n++;
  return n === 0 ? '' : x.slice(x.length - n).join('/');
}

function lineDiff(
  keys: string[],
  stored: string | undefined,
  decoded: Map<string, Map<string, number>>,
): { added: number[]; removed: number } {
  if (!stored) return { added: keys.map((_, i) => i + 1), removed: 0 };
  let counts = decoded.get(stored);
  if (!counts) {
    counts = new Map<string, number>();
    const raw = Buffer.from(stored, 'base64');
    for (let at = 0; at + LINE_HASH <= raw.length; at += LINE_HASH) {
      const k = raw.subarray(at, at + LINE_HASH).toString('base64');
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    decoded.set(stored, counts);
  }
  // Each line of the release counts once: a line the copy repeats more often than the release is added.
  const used = new Map<string, number>();
  const added: number[] = [];
  keys.forEach((k, i) => {
    const n = used.get(k) ?? 0;
    if (n < (counts.get(k) ?? 0)) used.set(k, n + 1);
    else added.push(i + 1);
  });
  let removed = 0;
  for (const [k, n] of counts) removed += n - (used.get(k) ?? 0);
  return { added, removed };
}
