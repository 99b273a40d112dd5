import 'server-only';
/** A run of text the site's copy has that the official file does not, at its offset in the copy. */
export type Added = { offset: number; text: string };

/** Lines compared at most; beyond this the whole changed middle counts as added. */
const MAX_LINES = 3_000;

/**
 * What `copy` adds to `official`: the common start and end are cut first (an appended or
 * prepended loader is then exact, even on one minified line), then the middles are compared
 * line by line (longest common subsequence) and the copy's lines outside it are the additions.
 */
export function addedText(official: string, copy: string): Added[] {
  let pre = 0;
  const max = Math.min(official.length, copy.length);
  while (pre < max && official.charCodeAt(pre) === copy.charCodeAt(pre)) pre++;
  let suf = 0;
  while (
    suf < max - pre &&
    official.charCodeAt(official.length - 1 - suf) === copy.charCodeAt(copy.length - 1 - suf)
  )
    suf++;
  const oldMid = official.slice(pre, official.length - suf);
  const newMid = copy.slice(pre, copy.length - suf);
  if (!newMid) return [];
  if (!oldMid) return tidy([{ offset: pre, text: newMid }]);
  const a = oldMid.split('\n');
  const b = newMid.split('\n');
  if (a.length * b.length > MAX_LINES * MAX_LINES || a.length > MAX_LINES || b.length > MAX_LINES) {
    return tidy([{ offset: pre, text: newMid }]);
  }
  const keep = commonLines(a, b);
  const out: Added[] = [];
  let at = pre;
  let run: Added | null = null;
  b.forEach((line, i) => {
    if (keep.has(i)) run = null;
    else if (run) run.text += `\n${line}`;
    else {
      run = { offset: at, text: line };
      out.push(run);
    }
    at += line.length + 1;
  });
  return tidy(out);
}

/** Each addition without the blank space around it (its offset moved to where its code starts). */
function tidy(runs: Added[]): Added[] {
  return runs
    .filter((r) => r.text.trim())
    .map((r) => ({ offset: r.offset + (r.text.length - r.text.trimStart().length), text: r.text.trim() }));
}

/** Indexes of `b`'s lines that belong to a longest common subsequence with `a`. */
function commonLines(a: string[], b: string[]): Set<number> {
  const n = a.length;
  const m = b.length;
  const len: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      len[i]![j] = a[i] === b[j] ? len[i + 1]![j + 1]! + 1 : Math.max(len[i + 1]![j]!, len[i]![j + 1]!);
    }
  }
  const keep = new Set<number>();
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      keep.add(j);
      i++;
      j++;
    } else if (len[i + 1]![j]! >= len[i]![j + 1]!) i++;
    else j++;
  }
  return keep;
}

/** How different two texts are, cheaply: the size of what differs once the common ends are cut. */
export function distance(a: string, b: string): number {
  let pre = 0;
  const max = Math.min(a.length, b.length);
  while (pre < max && a.charCodeAt(pre) === b.charCodeAt(pre)) pre++;
  let suf = 0;
  while (suf < max - pre && a.charCodeAt(a.length - 1 - suf) === b.charCodeAt(b.length - 1 - suf)) suf++;
  return a.length - pre - suf + (b.length - pre - suf);
}
