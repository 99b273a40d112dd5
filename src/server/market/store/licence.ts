import 'server-only';
import type { Kind } from '@/contract/market';
import { STORE_LIMITS } from '@/contract/store';
import { getDb } from '../../db/client';
import { invalid } from '../../errors';
import { countHit, rateLimitHits } from '../../http/rate-limit';
import { verifyAuthCode } from '../auth-codes';
import { releasedApp } from './released';

const rule = STORE_LIMITS.wrongCodes;
const limiterKey = (appId: number, ip: string) => `store-code:${appId}:${ip}`;

/** Refuses further tries from an address that sent too many wrong codes for this item. */
async function guard(appId: number, ip: string, now: Date) {
  if ((await rateLimitHits(limiterKey(appId, ip), rule, now)) >= rule.limit)
    throw invalid('store.err.tooManyCodes', { minutes: Math.round(rule.windowSeconds / 60) });
}

async function wrong(appId: number, ip: string, now: Date): Promise<never> {
  await countHit(limiterKey(appId, ip), rule, now);
  throw invalid('market.err.badAuthCode');
}

type Attempt = { appId: number; code: string; ip: string; now: Date };

/** Checks a code of an item from an address that has not sent too many wrong ones; counts the wrong. */
async function checkCode(args: Attempt, count: boolean) {
  await guard(args.appId, args.ip, args.now);
  return verifyAuthCode({ appId: args.appId, code: args.code, now: args.now, count }).catch((error) =>
    error?.messageKey === 'market.err.badAuthCode'
      ? wrong(args.appId, args.ip, args.now)
      : Promise.reject(error),
  );
}

/** verify_auth_code of the store, for a released item: checks the code and counts its use. */
export async function verifyStoreCode(args: { kind: Kind; id: number; code: string; ip: string; now: Date }) {
  const { app } = await releasedApp(await getDb(), args.kind, args.id);
  const { id } = await checkCode({ appId: app.id, code: args.code, ip: args.ip, now: args.now }, true);
  return { id };
}

/** A download of a paid item needs a code of that item (its use was counted when it was verified). */
export async function requireCode(args: Attempt) {
  if (!args.code) throw invalid('store.err.codeRequired');
  await checkCode(args, false);
}
