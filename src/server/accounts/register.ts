import 'server-only';
import { ACCOUNT_LIMITS } from '@/contract/account';
import type { Locale } from '@/contract/locales';
import type { RegisterInput } from '@/contract/user';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { invalid } from '../errors';
import { countHit } from '../http/rate-limit';
import type { UserRow } from '../identity/user';
import { logFor } from '../log';
import { accountMail, readerOf } from '../mail/account-mail';
import { queueMail } from '../mail/queue';
import { hashPassword } from './password';
import { findUserByEmail } from './users';
import { sendVerification } from './verify-email';

const log = logFor('accounts');

type Options = {
  locale?: Locale;
  /** Accounts whose address needs no proof (the demo seed's); everyone else gets a verification mail. */
  verified?: boolean;
  now?: Date;
};

/**
 * Sign-up: answers nothing a caller could tell a taken address by. A new address gets an account
 * and a mail with its verification link (the person then logs in with the password); an address
 * that already has an account gets a mail telling its owner instead, and nothing else changes.
 * The password is hashed either way, so the time taken does not tell them apart either.
 */
export async function registerAccount(input: RegisterInput, options: Options = {}): Promise<void> {
  const now = options.now ?? new Date();
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(input.email);
  const created = existing ? undefined : await insertAccount(input.email, passwordHash, options, now);
  if (created) return;
  const owner = existing ?? (await findUserByEmail(input.email)); // or it lost a race just now
  if (owner) await tellOwner(owner, now);
}

/**
 * Creates an account outright (the demo seed); a taken address is a business error here, as only
 * the server itself calls this.
 */
export async function createAccount(input: RegisterInput, options: Options = {}): Promise<UserRow> {
  const now = options.now ?? new Date();
  const user = await insertAccount(input.email, await hashPassword(input.password), options, now);
  if (!user) throw invalid('api.emailTaken');
  return user;
}

/** The new account, or undefined when the address is taken (also by a concurrent registration). */
async function insertAccount(email: string, passwordHash: string, options: Options, now: Date) {
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash,
      locale: options.locale ?? 'zh-cn',
      emailVerifiedAt: options.verified ? now : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!user) return undefined;
  // The mail is queued after the account exists; a failure there must not undo or hide the account
  // (the account page offers "Resend the link").
  if (!options.verified)
    await sendVerification(user, now).catch((error: unknown) =>
      log.error({ err: error, user: user.id }, 'verification mail not queued'),
    );
  return user;
}

/**
 * Someone signed up with an address that has an account: its owner hears of it (maybe they forgot
 * they have one). At most a few such mails an hour per address, silently, as "forgot password".
 */
async function tellOwner(owner: UserRow, now: Date): Promise<void> {
  const rule = ACCOUNT_LIMITS.registerNoticePerAddress;
  if ((await countHit(`register-notice:address:${owner.email.toLowerCase()}`, rule, now)) > rule.limit)
    return;
  const reader = readerOf(owner);
  await queueMail({
    to: owner.email,
    kind: 'registerTaken',
    locale: reader.locale,
    content: accountMail.registerTaken(reader),
  });
}
