import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { domainSignatures } from '../../db/schema';
import type { SignatureSet } from './engine';
import { type SampleRule, signatureSetWith } from './with-samples';

/** Every active promoted sample, as the rules are built from it (with-samples.ts). */
export async function loadSamples(): Promise<SampleRule[]> {
  const db = await getDb();
  return db
    .select({
      id: domainSignatures.id,
      title: domainSignatures.title,
      severity: domainSignatures.severity,
      literal: domainSignatures.literal,
    })
    .from(domainSignatures)
    .where(eq(domainSignatures.active, true));
}

/** The built-in rules plus every active promoted sample. */
export const loadSignatureSet = async (): Promise<SignatureSet> => signatureSetWith(await loadSamples());
