import { AhoCorasick } from './aho-corasick';
import { decode } from './normalise';
import type { Match, Signature, SignatureTarget } from './types';

/** Characters each side of a literal hit that a confirming regex may look at. */
const WINDOW = 1_500;
/**
 * Windows kept per literal (hits inside an earlier window do not count), so the regex work per
 * signature is bounded whatever the text; the anchor is the signature's rarest literal, so a
 * page would have to flood every literal of a rule with decoys to push its payload out of reach.
 */
export const MAX_WINDOWS = 100;

/** How much confirming a scan did: regex runs over windows (for tests of the bound). */
export type ScanStats = { windows: number };
const SNIPPET = 200;

/**
 * A compiled signature set: one Aho-Corasick automaton over every distinct literal, so a text is
 * read once whatever the number of signatures; only signatures whose literals are all present
 * run their regex, and only on windows around a hit (bounded input, bounded patterns).
 */
export class SignatureSet {
  private readonly automaton: AhoCorasick;
  private readonly literalIds: number[][];
  private readonly literalCount: number;

  constructor(readonly signatures: readonly Signature[]) {
    const ids = new Map<string, number>();
    this.literalIds = signatures.map((s) =>
      s.literals.map((literal) => {
        const key = literal.toLowerCase();
        if (!ids.has(key)) ids.set(key, ids.size);
        return ids.get(key)!;
      }),
    );
    this.literalCount = ids.size;
    this.automaton = new AhoCorasick([...ids.keys()]);
  }

  /**
   * Matches in the raw text and, for code, in its decoded copy (hits mapped back to raw offsets).
   * Markup is read raw only: decoding its entities would turn an escaped quotation of code
   * (`&lt;script&gt;` in an alt text or a code sample) into the code itself.
   */
  scan(raw: string, kind: Exclude<SignatureTarget, 'any'>, stats?: ScanStats): Match[] {
    const found = new Map<string, Match>();
    const views = [{ text: raw, toRaw: (o: number) => o, decoded: false }];
    const decoded = kind === 'html' ? null : decode(raw);
    if (decoded) views.push({ ...decoded, decoded: true });
    for (const view of views) {
      for (const match of this.scanView(view.text, kind, stats)) {
        if (found.has(match.signature.id)) continue;
        const offset = view.toRaw(match.offset);
        found.set(match.signature.id, { ...match, offset, line: lineOf(raw, offset), decoded: view.decoded });
      }
    }
    return [...found.values()];
  }

  private scanView(text: string, kind: Exclude<SignatureTarget, 'any'>, stats?: ScanStats) {
    const lower = text.toLowerCase();
    const hits: number[][] = Array.from({ length: this.literalCount }, () => []);
    this.automaton.search(lower, (id, start) => {
      const list = hits[id]!;
      const last = list.at(-1);
      if (list.length < MAX_WINDOWS && (last === undefined || start >= last + WINDOW / 2)) list.push(start);
    });
    const matches: Omit<Match, 'line' | 'decoded'>[] = [];
    this.signatures.forEach((signature, index) => {
      const applies = signature.target === kind || (signature.target === 'any' && kind !== 'url');
      if (!applies) return;
      const ids = this.literalIds[index]!;
      if (ids.length === 0 || ids.some((id) => hits[id]!.length === 0)) return;
      const anchor = ids.reduce((a, b) => (hits[b]!.length < hits[a]!.length ? b : a));
      const at = confirmAt(signature, text, hits[anchor]!, stats);
      if (at === null) return;
      matches.push({ signature, offset: at.offset, snippet: at.snippet });
    });
    return matches;
  }
}

function confirmAt(signature: Signature, text: string, starts: number[], stats?: ScanStats) {
  if (!signature.confirm) {
    const offset = starts[0]!;
    return { offset, snippet: snippetAt(text, offset, signature.literals[0]!.length) };
  }
  const pattern = new RegExp(signature.confirm.source, signature.confirm.flags.replace('g', ''));
  for (const start of starts) {
    const from = Math.max(0, start - WINDOW);
    const window = text.slice(from, start + WINDOW);
    if (stats) stats.windows++;
    const m = pattern.exec(window);
    // The match and what follows it: a rule that ends at `<script` should still show the address.
    if (m)
      return {
        offset: from + m.index,
        snippet: window.slice(m.index, m.index + Math.max(m[0].length, 160)).slice(0, SNIPPET),
      };
  }
  return null;
}

const snippetAt = (text: string, offset: number, length: number) =>
  text.slice(Math.max(0, offset - 40), offset + Math.max(length, 80) + 40).slice(0, SNIPPET);

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
