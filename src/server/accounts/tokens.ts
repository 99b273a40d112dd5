import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { getDb } from '../db/client';
import { emailTokens } from '../db/schema';
import { invalid } from '../errors';

export type TokenPurpose = 'verify' | 'change' | 'reset' | 'login';

/**
 * How long each kind of link works (verifying or changing an address: a day; resetting a password, which hands over the account: an hour). A login link lasts as long as
 * the window of its per-address limit (ACCOUNT_LIMITS.loginLinkPerAddress): whoever spends that
 * limit for an address leaves a working link in its mailbox until the owner may ask again.
 */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify: 24 * 3600_000,
  change: 24 * 3600_000,
  reset: 3600_000,
  login: 3600_000,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new single-use link token for `purpose`; earlier unused ones of the same purpose stop working,
 * so only the latest mail's link counts. Only the hash is stored.
 */
export async function issueToken(
  args: { userId: number; purpose: TokenPurpose; email: string; now: Date },
  db?: Db,
): Promise<string> {
  const exec = db ?? (await getDb());
  const token = randomBytes(32).toString('base64url');
  await exec
    .delete(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, args.userId),
        eq(emailTokens.purpose, args.purpose),
        isNull(emailTokens.usedAt),
      ),
    );
  await exec.insert(emailTokens).values({
    userId: args.userId,
    purpose: args.purpose,
    email: args.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(args.now.getTime() + TOKEN_TTL_MS[args.purpose]),
  });
  return token;
}

/**
 * Uses a token once: a second use, an expired, unknown or altered token, or one of another purpose
 * is refused with a message saying which (none of them reveals an account).
 */
export async function consumeToken(token: string, purposes: TokenPurpose[], now: Date, db?: Db) {
  const exec = db ?? (await getDb());
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalid('auth.api.linkInvalid');
  const [row] = await exec
    .select()
    .from(emailTokens)
    .where(eq(emailTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || !purposes.includes(row.purpose)) throw invalid('auth.api.linkInvalid');
  if (row.usedAt) throw invalid('auth.api.linkUsed');
  if (row.expiresAt.getTime() <= now.getTime()) throw invalid('auth.api.linkExpired');
  // The conditional update decides a race between two clicks: only one finds it unused.
  const [used] = await exec
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
    .returning();
  if (!used) throw invalid('auth.api.linkUsed');
  return used;
}

/** Cancels open links of a user (a password change cancels a pending reset or email change). */
export async function dropTokens(userId: number, purposes: TokenPurpose[], db?: Db) {
  const exec = db ?? (await getDb());
  for (const purpose of purposes)
    await exec
      .delete(emailTokens)
      .where(
        and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
      );
}

/** The address waiting to become the login email, if a change is pending and its link still works. */
export async function pendingEmail(userId: number, now = new Date()): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ email: emailTokens.email, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'change'), isNull(emailTokens.usedAt)))
    .limit(1);
  return row && row.expiresAt > now ? row.email : null;
}
