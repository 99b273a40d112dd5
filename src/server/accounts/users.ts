import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { PASSWORD_GUESSES } from '@/contract/account';
import { publicDeveloperName } from '@/contract/account-label';
import type { ProfileInput } from '@/contract/user';
import { publicChanged } from '../cache/public-changed';
import { type Db, getDb } from '../db/client';
import { apps, appVersions, users } from '../db/schema';
import { invalid } from '../errors';
import { underLimitsOf } from '../http/declared-limits';
import { accountsChanged } from '../identity/sessions';
import type { UserRow } from '../identity/user';
import { requestEmailChange } from './change-email';
import { verifyPassword } from './password';

/**
 * A developer's items show the profile's name and site: every version of every item they own takes
 * them in the same transaction as the profile, so the market never shows an older name (or, for
 * items from before names were required, the login email). True when any item changed.
 */
async function showOnItems(tx: Pick<Db, 'select' | 'update'>, user: UserRow): Promise<boolean> {
  const name = publicDeveloperName(user);
  if (!name) return false;
  const changed = await tx
    .update(appVersions)
    .set({ userName: name, userDomain: user.site })
    .where(
      and(
        inArray(appVersions.appId, tx.select({ id: apps.id }).from(apps).where(eq(apps.ownerId, user.id))),
        sql`(${appVersions.userName}, ${appVersions.userDomain}) is distinct from (${name}, ${user.site})`,
      ),
    )
    .returning({ id: appVersions.id });
  return changed.length > 0;
}

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
 * the new address first (change-email.ts), and the answer says a link was sent. Asking for it needs
 * the current password, as changing the password does: whoever confirms the new address owns the
 * account (it signs everyone else out and receives the reset links), so a session alone must not.
 */
export async function updateProfile(
  userId: number,
  input: ProfileInput,
  now = new Date(),
  /** The caller's session: wrong current passwords are counted per session (PASSWORD_GUESSES). */
  sessionToken?: string,
) {
  const db = await getDb();
  const [account] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!account) throw invalid('api.userMissing');
  const { email, current, ...profile } = input;
  const moving = email.toLowerCase() !== account.email.toLowerCase();
  // The name is public (market items, the CMS's app market); a login email must never be.
  if ([account.email, email].some((e) => !publicDeveloperName({ name: profile.name, email: e })))
    throw invalid('valid.nameIsEmail');
  if (moving) await checkPassword(account, current, sessionToken, now);
  if (moving && (await emailTakenByOther(email, userId))) throw invalid('api.emailTaken');
  // First, so that a refused change (rate limit) leaves the profile as it was.
  if (moving) await requestEmailChange(account, email, now);
  const { user, shown } = await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ ...profile, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw invalid('api.userMissing');
    return { user, shown: await showOnItems(tx, user) };
  });
  await accountsChanged();
  if (shown) await publicChanged(['store']);
  return { user, pendingEmail: moving ? email : null };
}

/** The current password, counted against the same wrong guesses as change_password. */
async function checkPassword(
  account: UserRow,
  password: string | undefined,
  session: string | undefined,
  now: Date,
) {
  if (!password) throw invalid('auth.valid.currentRequired');
  await underLimitsOf([PASSWORD_GUESSES], { userId: account.id, session }, now, 'http', async () => {
    if (!(await verifyPassword(account.passwordHash, password))) throw invalid('auth.api.wrongPassword');
  });
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
