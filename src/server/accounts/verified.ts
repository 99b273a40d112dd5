import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { invalid } from '../errors';
import type { UserRow } from '../identity/user';

/**
 * The one guard in front of publishing (market uploads and submissions, resource stations): the account's
 * email must be verified. The message says why and where to resend the link.
 */
export async function requireVerified(user: Pick<UserRow, 'id' | 'emailVerifiedAt'> | number): Promise<void> {
  let verifiedAt = typeof user === 'number' ? undefined : user.emailVerifiedAt;
  if (typeof user === 'number') {
    const db = await getDb();
    const [row] = await db
      .select({ at: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, user))
      .limit(1);
    verifiedAt = row?.at ?? null;
  }
  if (!verifiedAt) throw invalid('auth.api.verifyFirst');
}
