import 'server-only';
import { desc } from 'drizzle-orm';
import type { SampleView } from '@/contract/domain';
import { getDb } from '../../db/client';
import { domainSamples } from '../../db/schema';
import { timeText, unixSeconds } from '../time';
import { testAgainstCorpus } from './test-sample';

/** Samples for the review page, pending first, each with its clean-corpus test. */
export async function listSamples({ limit = 100 } = {}): Promise<SampleView[]> {
  const db = await getDb();
  const rows = await db.select().from(domainSamples).orderBy(desc(domainSamples.createdAt)).limit(limit);
  const order = { pending: 0, accepted: 1, rejected: 2 };
  return rows
    .sort((a, b) => order[a.status] - order[b.status])
    .map((row) => {
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
