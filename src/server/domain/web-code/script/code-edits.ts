import 'server-only';
import type { AnyNode } from 'acorn';

/**
 * Reading a parsed script and writing it back changed: a bounded walk over its tree, and edits of
 * its text that remember where each was, so what is found in the rewritten code points back into
 * the original (string-array.ts and proxies.ts rewrite obfuscated scripts before they are read).
 */

type Node = AnyNode & { [key: string]: unknown };

/** Nodes of one script looked at at most (an obfuscated 1 MB library has about a million). */
const MAX_NODES = 400_000;
/** Every node under `root`, depth first; false when the script is too big to look at whole. */
export function walkNodes(root: AnyNode, visit: (node: Node, parent: Node | null) => void): boolean {
  let seen = 0;
  const stack: [Node, Node | null][] = [[root as Node, null]];
  while (stack.length > 0) {
    const [node, parent] = stack.pop()!;
    if (++seen > MAX_NODES) return false;
    visit(node, parent);
    for (const key of Object.keys(node)) {
      if (key === 'type' || key === 'start' || key === 'end') continue;
      const child = node[key];
      if (Array.isArray(child)) {
        for (let i = child.length - 1; i >= 0; i--)
          if (child[i] && typeof child[i].type === 'string') stack.push([child[i], node]);
      } else if (child && typeof (child as Node).type === 'string') stack.push([child as Node, node]);
    }
  }
  return true;
}

/** Code rewritten, and where each change was (to place what is found in it back in the original). */
export type Edited = { code: string; edits: { start: number; end: number; length: number }[] };

/** `code` with `edits` made, the first of overlapping ones only; null when there is none. */
export function rewrite(code: string, edits: { start: number; end: number; text: string }[]): Edited | null {
  if (edits.length === 0) return null;
  edits.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  const placed: Edited['edits'] = [];
  for (const e of edits) {
    if (e.start < at) continue; // inside one already made
    out += code.slice(at, e.start);
    placed.push({ start: e.start, end: e.end, length: e.text.length });
    out += e.text;
    at = e.end;
  }
  return { code: out + code.slice(at), edits: placed };
}

/** A position in rewritten code, in the code before (inside a change: where the change starts). */
export function originalAt(edits: Edited['edits'], at: number): number {
  let delta = 0;
  for (const e of edits) {
    const newStart = e.start + delta;
    if (at < newStart) break;
    if (at < newStart + e.length) return e.start;
    delta += e.length - (e.end - e.start);
  }
  return at - delta;
}
