import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { domainSignatures } from '../../db/schema';
import { BUILTIN_SIGNATURES } from './builtin';
import { SignatureSet } from './engine';
import type { Signature } from './types';

/** Promoted samples as rules: a literal that must appear, anywhere. */
export const sampleSignature = (row: {
  id: number;
  title: string;
  severity: string;
  literal: string;
}): Signature => ({
  id: `sample.${row.id}`,
  title: row.title,
  severity: row.severity as Signature['severity'],
  target: 'any',
  literals: [row.literal.toLowerCase()],
});

/** The built-in rules plus every active promoted sample. */
export async function loadSignatureSet(): Promise<SignatureSet> {
  const db = await getDb();
  const rows = await db
    .select({
      id: domainSignatures.id,
      title: domainSignatures.title,
      severity: domainSignatures.severity,
      literal: domainSignatures.literal,
    })
    .from(domainSignatures)
    .where(eq(domainSignatures.active, true));
  return new SignatureSet([...BUILTIN_SIGNATURES, ...rows.map(sampleSignature)]);
}
