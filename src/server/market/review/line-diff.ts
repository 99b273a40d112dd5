import 'server-only';

/** One line of a hunk: kept (' '), added ('+') or removed ('-'), with its line numbers (0: none). */
export type DiffLine = { op: ' ' | '+' | '-'; old: number; new: number; text: string };
export type Hunk = { lines: DiffLine[] };

/** What one comparison may spend, shared by every file of a diff: it stops when this runs out. */
export type DiffBudget = { work: number };

type Edit = { op: DiffLine['op']; a: number; b: number };

/**
 * The shortest edit script between two lists of lines (Myers' O(ND) algorithm), after the common
 * head and tail are set aside. Each step spends from `budget`; undefined when it runs out, so a
 * hostile pair of files cannot hold the server (the caller then reports the file as too different).
 */
export function diffLines(
  a: readonly string[],
  b: readonly string[],
  budget: DiffBudget,
): Edit[] | undefined {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  budget.work -= head + tail;
  const from = a.slice(head, a.length - tail);
  const to = b.slice(head, b.length - tail);
  // One side empty (an added or a removed file, lines only added or only removed): no search needed.
  const middle =
    from.length === 0 || to.length === 0
      ? [
          ...from.map((_, i): Edit => ({ op: '-', a: i, b: 0 })),
          ...to.map((_, i): Edit => ({ op: '+', a: 0, b: i })),
        ]
      : myers(from, to, budget);
  if (!middle) return undefined;
  const edits: Edit[] = [];
  for (let i = 0; i < head; i++) edits.push({ op: ' ', a: i, b: i });
  for (const e of middle) edits.push({ op: e.op, a: e.a + head, b: e.b + head });
  for (let i = tail; i > 0; i--) edits.push({ op: ' ', a: a.length - i, b: b.length - i });
  return edits;
}

function myers(a: readonly string[], b: readonly string[], budget: DiffBudget): Edit[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] holds v[-d..d] after step d: enough to walk back along the path.
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0))
          ? (v[offset + k + 1] ?? 0)
          : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
        budget.work--;
      }
      budget.work--;
      v[offset + k] = x;
      if (x >= n && y >= m) found = d;
    }
    budget.work -= d;
    if (budget.work < 0) return undefined;
    trace.push(v.slice(offset - d, offset + d + 1));
  }
  const edits: Edit[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const prev = trace[d - 1] as Int32Array;
    const at = (k: number) => prev[k + d - 1] ?? 0;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      edits.push({ op: ' ', a: x, b: y });
    }
    if (down) {
      y--;
      edits.push({ op: '+', a: x, b: y });
    } else {
      x--;
      edits.push({ op: '-', a: x, b: y });
    }
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    edits.push({ op: ' ', a: x, b: y });
  }
  return edits.reverse();
}

/**
 * The changed lines with `context` kept lines around them, grouped into hunks; at most `maxLines`
 * lines in all (`truncated` says some were left out).
 */
export function toHunks(
  a: readonly string[],
  b: readonly string[],
  edits: readonly Edit[],
  context: number,
  maxLines: number,
): { hunks: Hunk[]; added: number; removed: number; truncated: boolean } {
  const keep = new Uint8Array(edits.length);
  let added = 0;
  let removed = 0;
  edits.forEach((e, i) => {
    if (e.op === ' ') return;
    if (e.op === '+') added++;
    else removed++;
    for (let j = Math.max(0, i - context); j <= Math.min(edits.length - 1, i + context); j++) keep[j] = 1;
  });
  const hunks: Hunk[] = [];
  let current: Hunk | undefined;
  let shown = 0;
  let truncated = false;
  for (let i = 0; i < edits.length; i++) {
    const e = edits[i] as Edit;
    if (!keep[i]) {
      current = undefined;
      continue;
    }
    if (shown >= maxLines) {
      truncated = true;
      break;
    }
    if (!current) {
      current = { lines: [] };
      hunks.push(current);
    }
    const text = e.op === '+' ? b[e.b] : a[e.a];
    current.lines.push({
      op: e.op,
      old: e.op === '+' ? 0 : e.a + 1,
      new: e.op === '-' ? 0 : e.b + 1,
      text: text ?? '',
    });
    shown++;
  }
  return { hunks, added, removed, truncated };
}
