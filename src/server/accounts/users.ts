import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ProfileInput } from '@/contract/user';
import { getDb } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { invalid } from '../http/errors';

export async function findUserByEmail(email: string) {
  const db = await getDb();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user;
}

/** Saves the developer profile; the new email must not belong to someone else. */
export async function updateProfile(userId: number, input: ProfileInput) {
  const db = await getDb();
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email}`, ne(users.id, userId)))
    .limit(1);
  if (other) throw invalid('api.emailTaken');
  const [user] = await db
    .update(users)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw invalid('api.emailTaken');
      throw error;
    });
  if (!user) throw invalid('api.userMissing');
  return user;
}

/** Grants or revokes the administrator flag; used by the admin CLI and the demo seed. */
export async function setAdmin(email: string, admin: boolean) {
  const db = await getDb();
  const [user] = await db
    .update(users)
    .set({ isAdmin: admin, updatedAt: new Date() })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .returning();
  return user;
}

export async function listAdmins() {
  const db = await getDb();
  return db.select({ email: users.email, name: users.name }).from(users).where(eq(users.isAdmin, true));
}
