import 'server-only';
import { CLEAN_CORPUS } from '../signatures/corpus';
import { SignatureSet } from '../signatures/engine';

/** Shortest sample literal an administrator may promote: shorter strings hit clean pages by chance. */
export const MIN_LITERAL = 12;

/** Which clean-corpus files the sample, used as a signature, would flag (must be none to accept). */
export function testAgainstCorpus(content: string): { tooShort: boolean; hits: string[] } {
  const literal = content.trim().toLowerCase();
  const set = new SignatureSet([
    { id: 'candidate', title: '', severity: 'high', target: 'any', literals: [literal] },
  ]);
  const hits = CLEAN_CORPUS.filter((file) => set.scan(file.text, file.kind).length > 0).map((f) => f.name);
  return { tooShort: literal.length < MIN_LITERAL, hits };
}
