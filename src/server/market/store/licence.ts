import 'server-only';
import type { Kind } from '@/contract/market';
import { getDb } from '../../db/client';
import { invalid } from '../../errors';
import { verifyAuthCode } from '../auth-codes';
import { releasedApp } from './released';

/*
 * Wrong codes are limited where the operations are declared (src/contract/api/market.ts,
 * `store-code`): each failed verify or download counts against the address and item.
 */

/**
 * verify_auth_code of the store, for a released item: checks the code and counts its use by the site
 * asking (`site`, recorded for the developer's list of redeeming sites).
 */
export async function verifyStoreCode(args: {
  kind: Kind;
  id: number;
  code: string;
  now: Date;
  site: string;
}) {
  const { app } = await releasedApp(await getDb(), args.kind, args.id);
  const { id } = await verifyAuthCode({
    appId: app.id,
    code: args.code,
    now: args.now,
    site: args.site,
    count: true,
  });
  return { id };
}

/** A download of a paid item needs a code of that item (its use was counted when it was verified). */
export async function requireCode(args: { appId: number; code: string; now: Date; site: string }) {
  if (!args.code) throw invalid('store.err.codeRequired');
  await verifyAuthCode({ appId: args.appId, code: args.code, now: args.now, site: args.site, count: false });
}
