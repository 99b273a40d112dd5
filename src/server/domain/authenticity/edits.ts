import 'server-only';
import { ASCII_LOOKALIKES } from './confusables';

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

/** Optimal string alignment distance (adjacent transpositions count as one edit). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

export type EditKind =
  | 'addition'
  | 'insertion'
  | 'omission'
  | 'repetition'
  | 'replacement'
  | 'transposition'
  | 'vowelSwap'
  | 'homoglyph'
  | 'bitsquatting';

/** Which single dnstwist-style edit turns `official` into `label`, if exactly one does. */
export function singleEdit(label: string, official: string): EditKind | null {
  if (label === official) return null;
  if (label.length === official.length + 1) {
    for (let i = 0; i < label.length; i++) {
      if (label.slice(0, i) + label.slice(i + 1) !== official) continue;
      if (label[i] === label[i - 1] || label[i] === label[i + 1]) return 'repetition';
      return i === label.length - 1 ? 'addition' : 'insertion';
    }
    return null;
  }
  if (label.length === official.length - 1) {
    for (let i = 0; i < official.length; i++) {
      if (official.slice(0, i) + official.slice(i + 1) === label) return 'omission';
    }
    return null;
  }
  if (label.length !== official.length) return null;
  const diff = [...label].map((c, i) => (c === official[i] ? -1 : i)).filter((i) => i >= 0);
  if (diff.length === 2 && diff[1] === diff[0]! + 1) {
    const [i, j] = diff as [number, number];
    if (label[i] === official[j] && label[j] === official[i]) return 'transposition';
  }
  if (diff.length !== 1) return null;
  const a = label[diff[0]!]!;
  const b = official[diff[0]!]!;
  if (ASCII_LOOKALIKES.has(a + b)) return 'homoglyph';
  if (VOWELS.has(a) && VOWELS.has(b)) return 'vowelSwap';
  const x = a.charCodeAt(0) ^ b.charCodeAt(0);
  if ((x & (x - 1)) === 0) return 'bitsquatting';
  return 'replacement';
}
