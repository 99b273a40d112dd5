import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { env } from '../config/env';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a random token; only its hash is stored. */
export async function createSession(
  userId: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const db = await getDb();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + env().SESSION_TTL_DAYS * 86_400_000);
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
  // Expired sessions of this user are swept whenever a new one starts.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  return { token, expiresAt };
}

export async function findSessionUser(token: string, now = new Date()) {
  if (!token || token.length > 200) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  return row?.user;
}

export async function revokeSession(token: string): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
