import 'server-only';
import {
  DIFF_CONTEXT,
  DIFF_LINES_MAX,
  DIFF_TOTAL_LINES_MAX,
  DIFF_WORK_MAX,
  type DiffFile,
  type PackageDiffOutput,
} from '@/contract/review';
import { invalid } from '../../errors';
import { type DiffBudget, diffLines, toHunks } from './line-diff';
import { type PackageFile, previousApproved, readPackage, reviewedVersion } from './package-files';

/** A text's lines; the newline that ends the last one does not start another. */
const lines = (text: string) => text.replace(/\r?\n$/, '').split(/\r?\n/);

/** One file's change: added, removed, or changed (line by line when both sides are text and small). */
function compareFile(
  old: PackageFile | undefined,
  now: PackageFile | undefined,
  budget: DiffBudget & { lines: number },
): DiffFile | undefined {
  if (old && now && old.sha256 === now.sha256) return undefined;
  const path = (now ?? old)?.path ?? '';
  const binary = Boolean(old?.binary || now?.binary);
  const base = {
    path,
    change: !old ? 'added' : !now ? 'removed' : 'changed',
    binary,
    old_sha256: old?.sha256 ?? '',
    new_sha256: now?.sha256 ?? '',
  } as const;
  const tooLarge =
    (old && !old.binary && old.text === undefined) || (now && !now.binary && now.text === undefined);
  if (binary || tooLarge)
    return { ...base, too_large: !binary, added: 0, removed: 0, truncated: false, hunks: [] };
  const a = old?.text === undefined ? [] : lines(old.text);
  const b = now?.text === undefined ? [] : lines(now.text);
  const edits = diffLines(a, b, budget);
  if (!edits) return { ...base, too_large: true, added: 0, removed: 0, truncated: false, hunks: [] };
  const shown = toHunks(a, b, edits, DIFF_CONTEXT, Math.min(DIFF_LINES_MAX, budget.lines));
  budget.lines -= shown.hunks.reduce((n, h) => n + h.lines.length, 0);
  return { ...base, too_large: false, ...shown };
}

/**
 * Every file of a version against the version before it that was approved (or `baseId`): added,
 * removed and changed files, the changed lines with context. Both packages are the stored rebuilt
 * zips, read with our own reader.
 */
export async function packageDiff(versionId: number, baseId?: number): Promise<PackageDiffOutput> {
  const version = await reviewedVersion(versionId);
  const base = baseId ? await reviewedVersion(baseId) : await previousApproved(version);
  if (base && base.appId !== version.appId) throw invalid('market.review.err.otherItem');
  const now = await readPackage(version);
  const old = base ? await readPackage(base) : [];
  const oldByPath = new Map(old.map((f) => [f.path, f]));
  const nowByPath = new Map(now.map((f) => [f.path, f]));
  const paths = [...new Set([...oldByPath.keys(), ...nowByPath.keys()])].sort();
  const budget = { work: DIFF_WORK_MAX, lines: DIFF_TOTAL_LINES_MAX };
  const files: DiffFile[] = [];
  let unchanged = 0;
  for (const path of paths) {
    const change = compareFile(oldByPath.get(path), nowByPath.get(path), budget);
    if (change) files.push(change);
    else unchanged++;
  }
  return {
    version_id: version.id,
    version: version.version,
    base: base ? { version_id: base.id, version: base.version } : null,
    files,
    unchanged,
  };
}
