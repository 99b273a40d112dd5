import 'server-only';
import { desc, sql } from 'drizzle-orm';
import type { SampleView } from '@/contract/domain';
import { getDb } from '../../db/client';
import { domainSamples } from '../../db/schema';
import { timeText, unixSeconds } from '../time';
import { testAgainstCorpus } from './test-sample';

/** Samples for the review page, pending first, each with its clean-corpus test. */
export async function listSamples({ limit = 100 } = {}): Promise<SampleView[]> {
  const db = await getDb();
  // Pending samples first, however many reviewed ones came later.
  const rows = await db
    .select()
    .from(domainSamples)
    .orderBy(
      sql`${domainSamples.status} = 'pending' desc`,
      desc(domainSamples.createdAt),
      desc(domainSamples.id),
    )
    .limit(limit);
  return rows.map((row) => {
    const test = testAgainstCorpus(row.content);
    return {
      id: row.id,
      domain: row.domain,
      content: row.content,
      status: row.status,
      corpus_hits: test.hits,
      too_short: test.tooShort,
      create_time: unixSeconds(row.createdAt),
      create_time_text: timeText(row.createdAt),
    };
  });
}
