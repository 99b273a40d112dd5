import 'server-only';

/**
 * Search tokens, the same for what is searched and for the query, so that Chinese (written without
 * spaces) is found by its words: `Intl.Segmenter`'s dictionary words, plus every pair of adjacent
 * Han characters (the segmenter splits words it does not know, such as 插件, into single
 * characters; the pairs still find them), plus each Han character alone, and Latin words in lower
 * case. Full-width letters and digits are folded to ASCII first (NFKC).
 */

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN = /\p{Script=Han}/u;
const HAN_RUNS = /\p{Script=Han}+/gu;

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

function words(text: string): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(text)) if (s.isWordLike) out.push(s.segment);
  return out;
}

function hanPairs(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(HAN_RUNS) ?? []) {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  }
  return out;
}

/** The tokens stored for a text: its words, Han pairs and Han characters, each once. */
export function textTokens(text: string): string[] {
  const t = fold(text);
  const singles = [...t].filter((c) => HAN.test(c));
  return [...new Set([...words(t), ...hanPairs(t), ...singles])];
}

/**
 * One word of a query. A Latin word is one token, which also matches inside a longer word (`play`
 * finds `player`), as a plain search did. A Chinese word is the Han pairs it is made of, all of
 * which must be there: the pairs are in the text whatever the segmenter made of it, and a query's
 * two words (视频采集: 视频 + 采集) are not held to the pair across them (频采).
 */
export type QueryTerm = { tokens: string[]; partial: boolean };

/** A query is cut to this many characters and words: longer ones are not searches but abuse. */
const MAX_QUERY = 100;
const MAX_TERMS = 8;

/**
 * The words of a query, each to be found (in the title or the text). Han characters the segmenter
 * leaves alone are joined with their single neighbours (插 + 件 = 插件); a lone one is dropped when
 * the query has other words, since alone it matches almost everything, and kept when it is the query.
 */
export function queryTerms(query: string): QueryTerm[] {
  const t = fold(query.trim().slice(0, MAX_QUERY));
  const chunks: string[] = [];
  let singles = '';
  for (const w of words(t)) {
    const han = HAN.test(w);
    if (han && [...w].length === 1) {
      singles += w;
      continue;
    }
    if (singles) chunks.push(singles);
    singles = '';
    chunks.push(w);
  }
  if (singles) chunks.push(singles);
  const terms = new Map<string, QueryTerm>();
  for (const chunk of chunks) {
    const han = HAN.test(chunk);
    const tokens = han ? hanPairs(chunk) : [chunk];
    if (!tokens.length) continue; // a lone character
    terms.set(chunk, { tokens: [...new Set(tokens)], partial: !han });
  }
  if (!terms.size)
    for (const c of chunks) if ([...c].length === 1) terms.set(c, { tokens: [c], partial: false });
  return [...terms.values()].slice(0, MAX_TERMS);
}

/** How much a word found weighs: in the title (an item's name, a page's title) three times one in the text. */
export const TITLE_WEIGHT = 3;
export const TEXT_WEIGHT = 1;
/** A title that holds the whole query as typed ranks above one that holds its words apart. */
export const PHRASE_BONUS = 2;

const holds = (tokens: readonly string[], term: QueryTerm) =>
  term.partial
    ? tokens.some((t) => t.includes(term.tokens[0]!))
    : term.tokens.every((q) => tokens.includes(q));

/**
 * The relevance of a title and text already tokenised, for sets small enough to rank in memory (the
 * docs); the store ranks the same way in SQL (market/store/search.ts). 0 is no match: every word of
 * the query must be found.
 */
export function relevance(
  terms: QueryTerm[],
  doc: { title: string; titleTokens: readonly string[]; textTokens: readonly string[] },
  phrase: string,
): number {
  if (!terms.length) return 0;
  let score = 0;
  const both = [...doc.titleTokens, ...doc.textTokens];
  for (const term of terms) {
    if (holds(doc.titleTokens, term)) score += TITLE_WEIGHT;
    else if (holds(both, term)) score += TEXT_WEIGHT;
    else return 0;
  }
  const p = fold(phrase.trim());
  return p && fold(doc.title).includes(p) ? score + PHRASE_BONUS : score;
}

/** Where a text first shows a word of the query, for a snippet; -1 when none does. */
export function firstHit(text: string, terms: QueryTerm[]): { at: number; length: number } {
  const folded = fold(text);
  let best = { at: -1, length: 0 };
  for (const term of terms)
    for (const token of term.tokens) {
      const at = folded.indexOf(token);
      if (at >= 0 && (best.at < 0 || at < best.at)) best = { at, length: token.length };
    }
  return best;
}
