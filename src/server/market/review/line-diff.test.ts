import { describe, expect, it } from 'vitest';
import { diffLines, toHunks } from './line-diff';

/** Replays an edit script: the kept and added lines must give `b`, the kept and removed ones `a`. */
function replay(a: string[], b: string[]) {
  const edits = diffLines(a, b, { work: 1_000_000 });
  if (!edits) throw new Error('out of budget');
  const from = edits.filter((e) => e.op !== '+').map((e) => a[e.a]);
  const to = edits.filter((e) => e.op !== '-').map((e) => b[e.b]);
  return { edits, from, to };
}

describe('the line diff', () => {
  it('turns one list of lines into the other with the fewest changes', () => {
    const a = ['<?php', 'a();', 'b();', 'c();', 'd();'];
    const b = ['<?php', 'a();', 'evil();', 'b();', 'd();', 'e();'];
    const { edits, from, to } = replay(a, b);
    expect(from).toEqual(a);
    expect(to).toEqual(b);
    expect(edits.filter((e) => e.op !== ' ').map((e) => e.op)).toEqual(['+', '-', '+']);
  });

  it('holds for random edits of random files', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      const a = Array.from({ length: rand(30) }, () => `l${rand(6)}`);
      const b = [...a];
      for (let k = rand(8); k > 0; k--) {
        const at = rand(b.length + 1);
        if (rand(2)) b.splice(at, 1);
        else b.splice(at, 0, `n${rand(6)}`);
      }
      const { from, to } = replay(a, b);
      expect(from).toEqual(a);
      expect(to).toEqual(b);
    }
  });

  it('gives up, instead of working on, when two files differ beyond the budget', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`);
    expect(diffLines(a, b, { work: 100_000 })).toBeUndefined();
    expect(diffLines(a, a, { work: 100_000 })).toHaveLength(3000);
    // A new file (or lines only added) needs no search, however long it is.
    const added = diffLines([], b, { work: 10 });
    expect(added?.every((e) => e.op === '+')).toBe(true);
    expect(added).toHaveLength(3000);
    expect(diffLines(a, [...a.slice(0, 10), ...b, ...a.slice(10)], { work: 10 })?.length).toBe(6000);
  });

  it('shows changed lines with their context, grouped, and cuts long ones', () => {
    const a = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);
    const b = a.map((l, i) => (i === 4 || i === 30 ? `${l} changed` : l));
    const edits = diffLines(a, b, { work: 100_000 }) ?? [];
    const { hunks, added, removed, truncated } = toHunks(a, b, edits, 2, 100);
    expect([added, removed, truncated]).toEqual([2, 2, false]);
    expect(hunks).toHaveLength(2);
    expect(hunks[0]?.lines.map((l) => `${l.op}${l.old}/${l.new}`)).toEqual([
      ' 3/3',
      ' 4/4',
      '-5/0',
      '+0/5',
      ' 6/6',
      ' 7/7',
    ]);
    expect(toHunks(a, b, edits, 2, 3).truncated).toBe(true);
  });
});
