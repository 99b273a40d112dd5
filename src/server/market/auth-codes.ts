import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatTime, unixTime } from '@/contract/format';
import {
  expiryMoment,
  type GenerateCodeInput,
  LICENCE_PAGE_SIZE,
  type LicenceCode,
  type LicenceStatus,
  SITES_SHOWN,
} from '@/contract/licence';
import { getDb } from '../db/client';
import { authCodeSites, authCodes } from '../db/schema';
import { invalid } from '../errors';
import type { UserRow } from '../identity/user';
import { notifyLicenceUsed } from '../mail/notify/licence';
import { appFor, latestVersion } from './access';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

type CodeRow = typeof authCodes.$inferSelect;

/** XXXX-XXXX-XXXX-XXXX from 80 random bits, without look-alike characters. */
function newCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** What a code can still do: revoked and expired codes fail every check; a full one takes no new site. */
function statusOf(row: CodeRow, sites: number, now: Date): LicenceStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  if (row.maxSites !== null && sites >= row.maxSites) return 'full';
  return 'active';
}

/** The item's developer (or an administrator) and the item's latest version, which says whether it is paid. */
async function ownPaidItem(args: { user: UserRow; id: number }) {
  const db = await getDb();
  const app = await appFor(db, { id: args.id, user: args.user, admin: true });
  const latest = await latestVersion(db, app.id);
  return { db, app, latest };
}

/** Codes as the developer centre lists them, with the sites that redeemed each. */
async function present(rows: CodeRow[], now: Date): Promise<LicenceCode[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const sites = await db
    .select()
    .from(authCodeSites)
    .where(
      inArray(
        authCodeSites.codeId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(desc(authCodeSites.lastAt));
  return rows.map((row) => {
    const own = sites.filter((s) => s.codeId === row.id);
    return {
      id: row.id,
      code: row.code,
      create_time: unixTime(row.createdAt),
      last_used: unixTime(row.lastUsedAt),
      uses: row.uses,
      max_sites: row.maxSites ?? 0,
      expires: row.expiresAt ? formatTime(unixTime(row.expiresAt) - 1, true) : '',
      revoke_time: unixTime(row.revokedAt),
      status: statusOf(row, own.length, now),
      site_count: own.length,
      sites: own.slice(0, SITES_SHOWN).map((s) => ({
        host: s.host,
        uses: s.uses,
        first_time: unixTime(s.firstAt),
        last_time: unixTime(s.lastAt),
      })),
    };
  });
}

/**
 * get_auth_code: one new licence code for a paid item, only when its developer asks for it (the
 * developer centre's "Generate" button), with the limits chosen then.
 */
export async function generateAuthCode(args: {
  user: UserRow;
  id: number;
  limits?: Omit<GenerateCodeInput, 'id'>;
  now?: Date;
}) {
  const now = args.now ?? new Date();
  const { db, app, latest } = await ownPaidItem(args);
  if (latest.toll !== 1) throw invalid('market.err.notPaid');
  const expiresAt = args.limits?.expires ? expiryMoment(args.limits.expires) : null;
  if (expiresAt && expiresAt <= now) throw invalid('market.err.expiresPast');
  const [row] = await db
    .insert(authCodes)
    .values({ appId: app.id, code: newCode(), maxSites: args.limits?.max_sites ?? null, expiresAt })
    .returning();
  const list = await db
    .select()
    .from(authCodes)
    .where(eq(authCodes.appId, app.id))
    .orderBy(desc(authCodes.id))
    .limit(LICENCE_PAGE_SIZE);
  return {
    name: latest.name,
    num: await db.$count(authCodes, eq(authCodes.appId, app.id)),
    code: row?.code ?? '',
    list: await present(list, now),
  };
}

/** auth_codes: one page of the item's codes, newest first, with its "how to buy" note. */
export async function listAuthCodes(args: { user: UserRow; id: number; page: number; now: Date }) {
  const { db, app, latest } = await ownPaidItem(args);
  const rows = await db
    .select()
    .from(authCodes)
    .where(eq(authCodes.appId, app.id))
    .orderBy(desc(authCodes.id))
    .limit(LICENCE_PAGE_SIZE)
    .offset((args.page - 1) * LICENCE_PAGE_SIZE);
  return {
    name: latest.name,
    toll: latest.toll,
    how_to_buy: app.howToBuy,
    total: await db.$count(authCodes, eq(authCodes.appId, app.id)),
    page: args.page,
    list: await present(rows, args.now),
  };
}

/** revoke_auth_code: the code stops working at once; it stays listed with its sites. */
export async function revokeAuthCode(args: { user: UserRow; id: number; codeId: number; now: Date }) {
  const { db, app } = await ownPaidItem(args);
  const [row] = await db
    .update(authCodes)
    .set({ revokedAt: sql`coalesce(${authCodes.revokedAt}, ${args.now.toISOString()}::timestamptz)` })
    .where(and(eq(authCodes.id, args.codeId), eq(authCodes.appId, app.id)))
    .returning();
  if (!row) throw invalid('market.err.codeNotFound');
  const [first] = await present([row], args.now);
  return first!;
}

/** Why a code that exists does not work (the CMS shows the message as it is, like a wrong code's). */
function refuse(status: LicenceStatus): never {
  if (status === 'revoked') throw invalid('market.err.codeRevoked');
  if (status === 'expired') throw invalid('market.err.codeExpired');
  throw invalid('market.err.codeFull');
}

/**
 * Checks a licence code against an item. `site` is the address of the site asking (the CMS's check
 * and download); `count` records the use by that site, which the download after a check and the
 * developer trying a code in the developer centre do not. A revoked or expired code fails; a code
 * whose sites limit is reached works for the sites that redeemed it and fails for a new one.
 */
export async function verifyAuthCode(args: {
  appId: number;
  code: string;
  now: Date;
  site?: string;
  count?: boolean;
}) {
  const db = await getDb();
  const match = and(
    eq(authCodes.appId, args.appId),
    sql`upper(${authCodes.code}) = ${args.code.toUpperCase()}`,
  );
  const counted = args.count !== false;
  // One transaction with the code's row locked: two new sites at once cannot both take the last place.
  const row = await db.transaction(async (tx) => {
    const [found] = await tx.select().from(authCodes).where(match).limit(1).for('update');
    if (!found) throw invalid('market.err.badAuthCode');
    const [{ sites } = { sites: 0 }] = await tx
      .select({ sites: count() })
      .from(authCodeSites)
      .where(eq(authCodeSites.codeId, found.id));
    const known =
      args.site !== undefined &&
      (
        await tx
          .select({ host: authCodeSites.host })
          .from(authCodeSites)
          .where(and(eq(authCodeSites.codeId, found.id), eq(authCodeSites.host, args.site)))
          .limit(1)
      ).length > 0;
    const status = statusOf(found, sites, args.now);
    if (status === 'revoked' || status === 'expired') refuse(status);
    if (status === 'full' && args.site !== undefined && !known) refuse(status);
    if (!counted) return found;
    if (args.site !== undefined)
      await tx
        .insert(authCodeSites)
        .values({ codeId: found.id, host: args.site, uses: 1, firstAt: args.now, lastAt: args.now })
        .onConflictDoUpdate({
          target: [authCodeSites.codeId, authCodeSites.host],
          set: { uses: sql`${authCodeSites.uses} + 1`, lastAt: args.now },
        });
    const [updated] = await tx
      .update(authCodes)
      .set({ uses: sql`${authCodes.uses} + 1`, lastUsedAt: args.now })
      .where(eq(authCodes.id, found.id))
      .returning();
    return updated ?? found;
  });
  if (counted && row.uses === 1) await notifyLicenceUsed({ appId: args.appId, code: row.code, at: args.now });
  return { id: args.appId, code: row.code, uses: row.uses };
}

/** verify_auth_code in the developer centre: only for the developer's own items, not counted as a use. */
export async function verifyOwnAuthCode(args: { user: UserRow; id: number; code: string; now: Date }) {
  const db = await getDb();
  await appFor(db, { id: args.id, user: args.user });
  return verifyAuthCode({ appId: args.id, code: args.code, now: args.now, count: false });
}
