import 'server-only';
import type { Budget } from './php/context';
import { type FileLink, mergeSummary, type Shared, wantKey } from './php/link';
import { merge } from './php/values';
import { type ScanFinding, scanFile } from './scan';

/** A script of the package as its first reading left it. */
export type Scanned = { name: string; bytes: Uint8Array; link: FileLink; found: ScanFinding[] };

/** Readings of one file again: the longest chain of files handing request data on that is followed. */
const READS = 3;

/**
 * The package's second pass (link.ts): each file that reads a function, a method or a store another
 * file shares is read again with what the others share, and its new findings are added; a file whose
 * own sharing changed then has its readers read again. Files that read nothing of another's are not
 * read twice, and all readings again together stop at `budget` (as large as the first pass's): past it
 * the file is left to a person. Answers the new findings, by file.
 */
export function linkScripts(
  files: Scanned[],
  budget: Budget,
): { file: string; finding?: ScanFinding; unread?: boolean }[] {
  const out: { file: string; finding?: ScanFinding; unread?: boolean }[] = [];
  const shared: Shared = { summaries: new Map(), stores: new Map(), parents: new Map() };
  const sharers = new Map<string, Set<number>>();
  const reads = files.map(() => 0);
  const seen = files.map((f) => new Set(f.found.map(key)));
  const queue = new Set<number>();
  const enqueue = (i: number) => {
    if (reads[i]! < READS) queue.add(i);
  };
  // Who reads what, by wantKey(): a key changing wakes only its readers.
  const wanted = new Map<string, Set<number>>();
  const anything = new Set<number>();
  const index = (i: number, link: FileLink) => {
    if (link.wantsAll) anything.add(i);
    for (const w of link.wants) wanted.set(w, (wanted.get(w) ?? new Set()).add(i));
  };
  const readers = (k: string, from: number) => {
    for (const j of [...(wanted.get(wantKey(k)) ?? []), ...anything]) if (j !== from) enqueue(j);
  };
  files.forEach((f, i) => {
    index(i, f.link);
    for (const k of sharedKeys(f.link.out)) sharers.set(k, (sharers.get(k) ?? new Set()).add(i));
    // Classes do not change between readings: their parents are known from the first.
    for (const [c, p] of f.link.out?.parents ?? []) shared.parents.set(c, p);
  });
  for (const k of sharers.keys()) join(shared, k, files, sharers);
  for (const [k, by] of sharers) for (const i of by) readers(k, i);
  for (const i of queue) {
    queue.delete(i);
    const file = files[i] as Scanned;
    reads[i]!++;
    const link: FileLink = { name: file.name, shared, wants: new Set() };
    // The file reads what the others share, not its own writes back (its own reading orders those).
    const own = sharedKeys(file.link.out);
    for (const k of own) join(shared, k, files, sharers, i);
    const found = scanFile(file.name, file.bytes, budget, link);
    for (const k of own) join(shared, k, files, sharers);
    if (found.some((f) => f.rule === 'notScanned')) {
      out.push({ file: file.name, unread: true });
      return out;
    }
    for (const f of found)
      if (!seen[i]!.has(key(f))) {
        seen[i]!.add(key(f));
        out.push({ file: file.name, finding: f });
      }
    const before = file.link.out;
    file.link = link;
    index(i, link);
    for (const k of changedKeys(before, link.out)) {
      const by = sharers.get(k) ?? new Set();
      if (has(link.out, k)) by.add(i);
      else by.delete(i);
      sharers.set(k, by);
      join(shared, k, files, sharers);
      readers(k, i);
    }
  }
  return out;
}

const key = (f: ScanFinding) => `${f.rule}:${f.line}`;

/** `call:name` for a function's summary, the store key for a store. */
function sharedKeys(s: Shared | undefined): string[] {
  if (!s) return [];
  return [...[...s.summaries.keys()].map((n) => `call:${n}`), ...s.stores.keys()];
}

function entry(s: Shared | undefined, k: string): unknown {
  return k.startsWith('call:') ? s?.summaries.get(k.slice(5)) : s?.stores.get(k);
}

const has = (s: Shared | undefined, k: string) => entry(s, k) !== undefined;

function changedKeys(a: Shared | undefined, b: Shared | undefined): string[] {
  const keys = new Set([...sharedKeys(a), ...sharedKeys(b)]);
  return [...keys].filter((k) => JSON.stringify(entry(a, k)) !== JSON.stringify(entry(b, k)));
}

/** The package's view of one key: every file sharing it, merged (two classes may have a method of one name). */
function join(
  shared: Shared,
  k: string,
  files: Scanned[],
  sharers: Map<string, Set<number>>,
  except = -1,
): void {
  const name = k.slice(5);
  if (k.startsWith('call:')) shared.summaries.delete(name);
  else shared.stores.delete(k);
  for (const i of sharers.get(k) ?? []) {
    if (i === except) continue;
    const out = files[i]?.link.out;
    if (k.startsWith('call:')) {
      const s = out?.summaries.get(name);
      const old = shared.summaries.get(name);
      if (s) shared.summaries.set(name, old ? mergeSummary(old, s) : s);
    } else {
      const v = out?.stores.get(k);
      const old = shared.stores.get(k);
      if (v) shared.stores.set(k, old ? merge(old, v) : v);
    }
  }
}
