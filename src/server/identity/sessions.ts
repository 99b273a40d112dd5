import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt, ne } from 'drizzle-orm';
import { memoCache } from '../cache/memo';
import { publicChanged } from '../cache/public-changed';
import { env } from '../config/env';
import type { Db } from '../db/client';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema';

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where a session was opened from, for the list of active sessions. */
export type SessionMeta = { userAgent?: string; ip?: string };

/** "Last seen" is written at most this often per session, not on every request. */
const SEEN_EVERY_MS = 5 * 60_000;

/** Issues a random token; only its hash is stored. `db` lets a caller make it part of its transaction. */
export async function createSession(
  userId: number,
  now = new Date(),
  meta: SessionMeta = {},
  db?: Db,
): Promise<{ token: string; expiresAt: Date }> {
  const target = db ?? (await getDb());
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + env().SESSION_TTL_DAYS * 86_400_000);
  await target.insert(sessions).values({
    userId,
    tokenHash: hashSessionToken(token),
    expiresAt,
    userAgent: (meta.userAgent ?? '').slice(0, 400),
    ip: (meta.ip ?? '').slice(0, 64),
    lastSeenAt: now,
    createdAt: now,
  });
  return { token, expiresAt };
}

/**
 * Who holds a token, remembered for a few seconds so that a logged-in visitor's pages and calls do
 * not each query for it. Every write to sessions or users is followed by accountsChanged(), which
 * forgets them all here at once and on the other nodes within milliseconds (the change bus); the
 * lifetime only bounds what a missed notice could leave.
 */
const remembered = memoCache('sessions', { ttlMs: 10_000, maxEntries: 10_000, tags: ['accounts'] });

type SessionRow = { user: typeof users.$inferSelect; id: number; lastSeenAt: Date; expiresAt: Date };

/** After a committed write to sessions or users: remembered lookups go, on every node. */
export const accountsChanged = () => publicChanged(['accounts']);

export async function findSessionUser(token: string, now = new Date()) {
  if (!token || token.length > 200) return undefined;
  const hash = hashSessionToken(token);
  const row = await remembered.get(hash, async (): Promise<SessionRow | null> => {
    const db = await getDb();
    const [found] = await db
      .select({
        user: users,
        id: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, hash), gt(sessions.expiresAt, now)))
      .limit(1);
    return found ?? null;
  });
  if (!row || row.expiresAt <= now) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > SEEN_EVERY_MS) {
    row.lastSeenAt = now; // once, not by every request that shares the remembered row
    const db = await getDb();
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  return row.user;
}

/**
 * Ends the session holding `token`. Only a session that existed tells the nodes: anyone may call
 * logout with a made-up token, and each change makes every node forget its remembered sessions.
 */
export async function revokeSession(token: string): Promise<void> {
  const db = await getDb();
  const gone = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashSessionToken(token)))
    .returning({ id: sessions.id });
  if (gone.length > 0) await accountsChanged();
}

/** The user's sessions that still work, most recently seen first. */
export async function listSessions(userId: number, now = new Date()) {
  const db = await getDb();
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Signs out one session of the user (never another user's); answers whether one was found. */
export async function revokeSessionById(userId: number, id: number): Promise<boolean> {
  const db = await getDb();
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  if (gone.length > 0) await accountsChanged();
  return gone.length > 0;
}

/**
 * Ends every session of the user except the one holding `keepToken` (when given and it is theirs):
 * after a password or login email change, nobody else stays signed in. Inside the caller's
 * transaction (`db`), the caller calls accountsChanged() once it has committed.
 */
export async function revokeOtherSessions(userId: number, keepToken?: string, db?: Db): Promise<number> {
  const exec = db ?? (await getDb());
  const gone = await exec
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        keepToken ? ne(sessions.tokenHash, hashSessionToken(keepToken)) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  if (!db) await accountsChanged();
  return gone.length;
}

/** Housekeeping (accounts-maintenance job): expired sessions go, never on a user's own request. */
export async function sweepSessions(now = new Date()) {
  const db = await getDb();
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  if (gone.length) await accountsChanged();
  return gone.length;
}
