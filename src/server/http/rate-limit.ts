import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { env } from '../config/env';
import { getDb } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from '../errors';

export type RateRule = { limit: number; windowSeconds: number };

const windowOf = (rule: RateRule, now: Date) =>
  new Date(Math.floor(now.getTime() / (rule.windowSeconds * 1000)) * rule.windowSeconds * 1000);

/** When the window `now` falls in ends. */
export const windowEnd = (rule: RateRule, now: Date) =>
  new Date(windowOf(rule, now).getTime() + rule.windowSeconds * 1000);

/**
 * Counts one hit against `key` in a fixed window kept in the database, so every app node shares the
 * same counter; answers the hits of the window so far (0 when rate limits are off). The window only
 * moves forward: a request that started in an earlier window (its body held back) counts in the
 * current one instead of starting that earlier window again with one hit.
 */
export async function countHit(key: string, rule: RateRule, now = new Date()): Promise<number> {
  if (!env().RATE_LIMITS) return 0;
  const db = await getDb();
  const windowStart = windowOf(rule, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStart} >= ${windowStart.toISOString()}::timestamptz then ${rateLimits.hits} + 1 else 1 end`,
        windowStart: sql`greatest(${rateLimits.windowStart}, ${windowStart.toISOString()}::timestamptz)`,
      },
    })
    .returning({ hits: rateLimits.hits });
  return row?.hits ?? 0;
}

/**
 * Counts one hit and throws `rate_limited` (HTTP 429) once the window's limit is passed, or, for calls
 * of the CMS (which reads only HTTP 200 answers), a business failure with the same message.
 */
export async function hitRateLimit(
  key: string,
  rule: RateRule,
  now = new Date(),
  answer: 'http' | 'business' = 'http',
): Promise<void> {
  if ((await countHit(key, rule, now)) <= rule.limit) return;
  const retry = Math.ceil((windowEnd(rule, now).getTime() - now.getTime()) / 1000);
  throw new AppError(answer === 'http' ? 'rate_limited' : 'invalid', 'api.rateLimited', { seconds: retry });
}

/** Hits counted so far in the current window of `key`, without adding one. */
export async function rateLimitHits(key: string, rule: RateRule, now = new Date()): Promise<number> {
  if (!env().RATE_LIMITS) return 0;
  const db = await getDb();
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  return row && row.windowStart.getTime() >= windowOf(rule, now).getTime() ? row.hits : 0;
}
