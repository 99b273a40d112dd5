import 'server-only';
import type { SampleInput } from '@/contract/domain';
import { getDb } from '../db/client';
import { domainSamples } from '../db/schema';
import { parseTarget } from './target';

/** Stores a visitor's feature sample for an administrator to test and accept or reject. */
export async function submitSample(args: SampleInput & { clientIp: string; userId?: number }) {
  const host = parseTarget(args.domain).host.toLowerCase();
  const db = await getDb();
  const [row] = await db
    .insert(domainSamples)
    .values({ domain: host, content: args.content, clientIp: args.clientIp, userId: args.userId ?? null })
    .returning({ id: domainSamples.id });
  return { id: row!.id };
}
