import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ProfileInput } from '@/contract/user';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { invalid } from '../errors';
import { requestEmailChange } from './change-email';
import { accountsChanged } from './sessions';

export async function findUserByEmail(email: string) {
  const db = await getDb();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user;
}

/** Whether another account than `userId` logs in with `email`. */
export async function emailTakenByOther(email: string, userId: number): Promise<boolean> {
  const db = await getDb();
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return Boolean(other);
}

/**
 * Saves the developer profile. A new email does not take effect here: it must be confirmed from
 * the new address first (change-email.ts), and the answer says a link was sent.
 */
export async function updateProfile(userId: number, input: ProfileInput, now = new Date()) {
  const db = await getDb();
  const [current] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!current) throw invalid('api.userMissing');
  const { email, ...profile } = input;
  const moving = email.toLowerCase() !== current.email.toLowerCase();
  if (moving && (await emailTakenByOther(email, userId))) throw invalid('api.emailTaken');
  // First, so that a refused change (rate limit) leaves the profile as it was.
  if (moving) await requestEmailChange(current, email, now);
  const [user] = await db
    .update(users)
    .set({ ...profile, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw invalid('api.userMissing');
  await accountsChanged();
  return { user, pendingEmail: moving ? email : null };
}

/** Grants or revokes the administrator flag; used by the admin CLI and the demo seed. */
export async function setAdmin(email: string, admin: boolean) {
  const db = await getDb();
  const [user] = await db
    .update(users)
    .set({ isAdmin: admin, updatedAt: new Date() })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .returning();
  await accountsChanged();
  return user;
}

/** Marks an address as proven without a mail: the demo accounts, whose passwords are public anyway. */
export async function markEmailVerified(email: string, now = new Date()) {
  const db = await getDb();
  await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`${users.emailVerifiedAt} is null`));
  await accountsChanged();
}

export async function listAdmins() {
  const db = await getDb();
  return db.select({ email: users.email, name: users.name }).from(users).where(eq(users.isAdmin, true));
}
