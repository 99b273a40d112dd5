import 'server-only';
import { parse } from 'tldts';
import type { ImitationKind } from '@/contract/domain';
import { asciiSkeleton, unicodeSkeleton } from './confusables';
import { editDistance, singleEdit } from './edits';

export type Imitation = { imitates: string; techniques: ImitationKind[] };

type Parts = { label: string; suffix: string; subdomain: string; unicodeLabel: string };

const split = (domain: string) => {
  const p = parse(domain, { allowPrivateDomains: false });
  return { label: p.domainWithoutSuffix ?? '', suffix: p.publicSuffix ?? '' };
};

/**
 * How a non-official registrable domain imitates one of the official ones, dnstwist-style:
 * the subdomain trick first (an official name left of someone else's domain), then the label
 * compared with each official label (homoglyphs, one edit, hyphenation, brand plus keyword,
 * edit distance ≤ 2), and a different public suffix as a TLD swap. Null when nothing is close.
 */
export function findImitation(parts: Parts, official: string[]): Imitation | null {
  const sub = parts.subdomain.split('.');
  for (const o of official) {
    const { label } = split(o);
    if (parts.subdomain && (parts.subdomain.endsWith(o) || sub.includes(label))) {
      return { imitates: o, techniques: ['subdomain'] };
    }
  }
  let best: (Imitation & { score: number }) | null = null;
  for (const o of official) {
    const found = compareLabel(parts, split(o));
    // Among equally close official names, the one with the same suffix is the one imitated.
    const score = found && found.score + (found.techniques.includes('tldSwap') ? 0.5 : 0);
    if (found && score !== null && (!best || score < best.score)) best = { ...found, score, imitates: o };
  }
  return best && { imitates: best.imitates, techniques: best.techniques };
}

function compareLabel(
  parts: Parts,
  official: { label: string; suffix: string },
): { techniques: ImitationKind[]; score: number } | null {
  const tld: ImitationKind[] = parts.suffix === official.suffix ? [] : ['tldSwap'];
  const { label } = parts;
  const target = official.label;
  if (label === target) return { techniques: tld, score: 0 };
  const unicode = unicodeSkeleton(parts.unicodeLabel);
  if (unicode !== parts.unicodeLabel && (unicode === target || asciiSkeleton(unicode) === target)) {
    return { techniques: ['homoglyph', ...tld], score: 1 };
  }
  if (asciiSkeleton(label) === target) return { techniques: ['homoglyph', ...tld], score: 1 };
  if (label.replaceAll('-', '') === target) return { techniques: ['hyphenation', ...tld], score: 1 };
  const edit = singleEdit(label, target);
  if (edit) return { techniques: [edit, ...tld], score: 1 };
  if (label.includes(target)) return { techniques: ['combosquatting', ...tld], score: 2 };
  const distance = editDistance(label, target);
  if (distance <= 2 && target.length >= 4) return { techniques: ['similar', ...tld], score: 2 + distance };
  return null;
}
