import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { domainSamples, domainSignatures } from '../../db/schema';
import { invalid } from '../../errors';
import { testAgainstCorpus } from './test-sample';

type Args = {
  id: number;
  action: 'test' | 'accept' | 'reject';
  severity: 'high' | 'medium' | 'low';
  adminId: number;
  now: Date;
};

/**
 * An administrator's decision on a sample. `test` only records the clean-corpus result; `accept`
 * re-tests and refuses a sample that would flag a clean page, then makes it an active signature.
 */
export async function reviewSample({ id, action, severity, adminId, now }: Args) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [sample] = await tx.select().from(domainSamples).where(eq(domainSamples.id, id)).for('update');
    if (!sample) throw invalid('domain.admin.missing');
    const test = testAgainstCorpus(sample.content);
    if (action === 'test') {
      await tx.update(domainSamples).set({ corpusHits: test.hits }).where(eq(domainSamples.id, id));
      return { id, status: sample.status, ...test };
    }
    if (sample.status !== 'pending') throw invalid('domain.admin.alreadyReviewed');
    if (action === 'accept') {
      if (test.tooShort) throw invalid('domain.admin.tooShort');
      if (test.hits.length > 0) throw invalid('domain.admin.hitsCorpus', { files: test.hits.join(', ') });
      await tx
        .insert(domainSignatures)
        .values({
          sampleId: id,
          title: `${sample.domain}: ${sample.content.slice(0, 40)}`,
          severity,
          literal: sample.content.trim(),
        })
        .onConflictDoNothing();
    }
    const status = action === 'accept' ? 'accepted' : 'rejected';
    await tx
      .update(domainSamples)
      .set({ status, corpusHits: test.hits, reviewedBy: adminId, reviewedAt: now })
      .where(eq(domainSamples.id, id));
    return { id, status, ...test };
  });
}
