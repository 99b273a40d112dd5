import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { STORE_LIMITS } from '@/contract/store';
import { getDb } from '../../db/client';
import { authCodes } from '../../db/schema';
import { invalid } from '../../http/errors';
import { hitRateLimit, rateLimitHits } from '../../http/rate-limit';
import { verifyAuthCode } from '../auth-codes';

const rule = STORE_LIMITS.wrongCodes;
const limiterKey = (appId: number, ip: string) => `store-code:${appId}:${ip}`;

/** Refuses further tries from an address that sent too many wrong codes for this item. */
async function guard(appId: number, ip: string, now: Date) {
  if ((await rateLimitHits(limiterKey(appId, ip), rule, now)) >= rule.limit)
    throw invalid('store.err.tooManyCodes', { minutes: Math.round(rule.windowSeconds / 60) });
}

async function wrong(appId: number, ip: string, now: Date): Promise<never> {
  // Counting can only throw rate_limited here; the caller is told the code is wrong either way.
  await hitRateLimit(limiterKey(appId, ip), { ...rule, limit: Number.MAX_SAFE_INTEGER }, now);
  throw invalid('market.err.badAuthCode');
}

/** verify_auth_code of the store: checks the code and counts its use (the CMS then downloads). */
export async function verifyStoreCode(args: { appId: number; code: string; ip: string; now: Date }) {
  await guard(args.appId, args.ip, args.now);
  return verifyAuthCode({ appId: args.appId, code: args.code, now: args.now }).catch((error) =>
    error?.messageKey === 'market.err.badAuthCode'
      ? wrong(args.appId, args.ip, args.now)
      : Promise.reject(error),
  );
}

/** A download of a paid item needs a code of that item (its use was counted when it was verified). */
export async function requireCode(args: { appId: number; code: string; ip: string; now: Date }) {
  if (!args.code) throw invalid('store.err.codeRequired');
  await guard(args.appId, args.ip, args.now);
  const db = await getDb();
  const [row] = await db
    .select({ id: authCodes.id })
    .from(authCodes)
    .where(and(eq(authCodes.appId, args.appId), sql`upper(${authCodes.code}) = ${args.code.toUpperCase()}`))
    .limit(1);
  if (!row) await wrong(args.appId, args.ip, args.now);
}
