/** What PHP's binary operators bind and compute, for the reader in expr.ts. */
import 'server-only';
import { bitwise } from './fold';
import { concat, flow, merge, unknown, type Val } from './values';

/** Binding power of binary operators (PHP 8 precedence); assignment is 4, the ternary 5. */
export const BINARY: Record<string, number> = {
  or: 1,
  xor: 2,
  and: 3,
  '??': 6,
  '||': 7,
  '&&': 8,
  '|': 9,
  '^': 10,
  '&': 11,
  '==': 12,
  '!=': 12,
  '===': 12,
  '!==': 12,
  '<>': 12,
  '<=>': 12,
  '<': 13,
  '<=': 13,
  '>': 13,
  '>=': 13,
  // PHP 8.5's pipe: the value on its left is passed to the callable on its right.
  '|>': 13.5,
  '.': 14,
  '<<': 15,
  '>>': 15,
  '+': 16,
  '-': 16,
  '*': 17,
  '/': 17,
  '%': 17,
  instanceof: 19,
  '**': 20,
}; // prettier-ignore

/** `a op b`: strings and numbers worked out where PHP would; comparisons answer nothing known. */
export function binary(op: string, a: Val, b: Val): Val {
  if (op === '.') return concat(a, b);
  if (op === '??') return merge(a, b);
  if ((op === '^' || op === '|' || op === '&') && a.s !== undefined && b.s !== undefined) {
    const numeric = /^-?\d+$/.test(a.s) && /^-?\d+$/.test(b.s);
    const s = numeric
      ? String(op === '^' ? +a.s ^ +b.s : op === '|' ? +a.s | +b.s : +a.s & +b.s)
      : bitwise(op, a.s, b.s);
    return { ...flow([a, b]), s };
  }
  if ((op === '+' || op === '-' || op === '*') && a.s !== undefined && b.s !== undefined) {
    const n = op === '+' ? +a.s + +b.s : op === '-' ? +a.s - +b.s : +a.s * +b.s;
    return { ...flow([a, b]), s: Number.isFinite(n) ? String(n) : undefined };
  }
  if (BINARY[op] !== undefined && BINARY[op] <= 13) return unknown();
  return flow([a, b]);
}

/** Prefix operators, then an operand with its `[…]`, `->`, `::`, `(…)` chain and any assignment. */
