import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { unixTime } from '@/contract/format';
import { getDb } from '../db/client';
import { authCodes } from '../db/schema';
import { invalid } from '../errors';
import type { UserRow } from '../identity/user';
import { notifyLicenceUsed } from '../mail/notify/licence';
import { appFor, latestVersion } from './access';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** XXXX-XXXX-XXXX-XXXX from 80 random bits, without look-alike characters. */
function newCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** get_auth_code: a new licence code for one of the developer's paid items. */
export async function generateAuthCode(args: { user: UserRow; id: number }) {
  const db = await getDb();
  const app = await appFor(db, { id: args.id, user: args.user });
  const latest = await latestVersion(db, app.id);
  if (latest.toll !== 1) throw invalid('market.err.notPaid');
  const [row] = await db.insert(authCodes).values({ appId: app.id, code: newCode() }).returning();
  const list = await db
    .select()
    .from(authCodes)
    .where(eq(authCodes.appId, app.id))
    .orderBy(desc(authCodes.id))
    .limit(20);
  return {
    name: latest.name,
    num: await db.$count(authCodes, eq(authCodes.appId, app.id)),
    code: row?.code ?? '',
    list: list.map((c) => ({
      code: c.code,
      uses: c.uses,
      create_time: unixTime(c.createdAt),
      last_used: unixTime(c.lastUsedAt),
    })),
  };
}

/**
 * Checks a licence code against an item; `count` records the use (a site redeeming it), which the
 * developer trying a code in the developer centre does not.
 */
export async function verifyAuthCode(args: { appId: number; code: string; now: Date; count?: boolean }) {
  const db = await getDb();
  const match = and(
    eq(authCodes.appId, args.appId),
    sql`upper(${authCodes.code}) = ${args.code.toUpperCase()}`,
  );
  const [row] =
    args.count === false
      ? await db.select().from(authCodes).where(match).limit(1)
      : await db
          .update(authCodes)
          .set({ uses: sql`${authCodes.uses} + 1`, lastUsedAt: args.now })
          .where(match)
          .returning();
  if (!row) throw invalid('market.err.badAuthCode');
  if (args.count !== false && row.uses === 1)
    await notifyLicenceUsed({ appId: args.appId, code: row.code, at: args.now });
  return { id: args.appId, code: row.code, uses: row.uses };
}

/** verify_auth_code in the developer centre: only for the developer's own items, not counted as a use. */
export async function verifyOwnAuthCode(args: { user: UserRow; id: number; code: string; now: Date }) {
  const db = await getDb();
  await appFor(db, { id: args.id, user: args.user });
  return verifyAuthCode({ appId: args.id, code: args.code, now: args.now, count: false });
}
