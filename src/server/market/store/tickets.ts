import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { STORE_LIMITS } from '@/contract/store';
import { siteUrl } from '../../config/env';
import { getDb } from '../../db/client';
import { appVersions, downloadTickets } from '../../db/schema';

export const TICKET_ROUTE = '/api/market/package/';
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A link to a paid package that works for an hour: `…/package/<token>/<folder>.zip`. */
export async function issueTicket(version: { id: number; folder: string }, now: Date): Promise<string> {
  const db = await getDb();
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + STORE_LIMITS.ticketSeconds * 1000);
  await db.insert(downloadTickets).values({ tokenHash: hash(token), versionId: version.id, expiresAt });
  return ticketUrl(token, version.folder);
}

export const ticketUrl = (token: string, folder: string) =>
  `${siteUrl()}${TICKET_ROUTE}${token}/${folder}.zip`;

/** The package a valid ticket opens, or nothing. */
export async function ticketPackage(token: string, now: Date) {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ key: appVersions.packageKey, folder: appVersions.folder, appId: appVersions.appId })
    .from(downloadTickets)
    .innerJoin(appVersions, eq(appVersions.id, downloadTickets.versionId))
    .where(and(eq(downloadTickets.tokenHash, hash(token)), gt(downloadTickets.expiresAt, now)))
    .limit(1);
  return row;
}

/** The token of a ticket link this portal handed out (`…/api/market/package/<token>/<name>.zip`). */
export function ticketToken(url: string): string | undefined {
  try {
    const { pathname } = new URL(url, siteUrl());
    return pathname.startsWith(TICKET_ROUTE) ? pathname.slice(TICKET_ROUTE.length).split('/')[0] : undefined;
  } catch {
    return undefined;
  }
}
