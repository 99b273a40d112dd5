import 'server-only';
import { BUILTIN_SIGNATURES } from './builtin';
import { SignatureSet } from './engine';
import type { Signature } from './types';

/** A promoted sample as stored (the rule it becomes is `sampleSignature`). */
export type SampleRule = { id: number; title: string; severity: string; literal: string };

/** Promoted samples as rules: a literal that must appear, anywhere. */
export const sampleSignature = (row: SampleRule): Signature => ({
  id: `sample.${row.id}`,
  title: row.title,
  severity: row.severity as Signature['severity'],
  target: 'any',
  literals: [row.literal.toLowerCase()],
});

/** The built-in rules plus the given samples. */
export const signatureSetWith = (samples: SampleRule[]): SignatureSet =>
  new SignatureSet([...BUILTIN_SIGNATURES, ...samples.map(sampleSignature)]);
