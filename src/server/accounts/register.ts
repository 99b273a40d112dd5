import 'server-only';
import type { Locale } from '@/contract/locales';
import type { LoginInput } from '@/contract/user';
import { type Db, getDb } from '../db/client';
import { users } from '../db/schema';
import { invalid } from '../errors';
import { logFor } from '../ops/log';
import { hashPassword } from './password';
import { createSession, type SessionMeta } from './sessions';
import { findUserByEmail } from './users';
import { sendVerification } from './verify-email';

const log = logFor('accounts');

type Options = {
  locale?: Locale;
  meta?: SessionMeta;
  /** Accounts whose address needs no proof (the demo seed's); everyone else gets a verification mail. */
  verified?: boolean;
  now?: Date;
};

/**
 * Creates an account and signs it in (the register dialog closes into a logged-in session, as the earlier portal did); a verification mail
 * follows in the background. A taken email is a clear business error.
 */
export async function registerUser(input: LoginInput, options: Options = {}) {
  const now = options.now ?? new Date();
  if (await findUserByEmail(input.email)) throw invalid('api.emailTaken');
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  // The account and its first session are one write: a failure leaves neither behind.
  const { user, session } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        locale: options.locale ?? 'zh-cn',
        emailVerifiedAt: options.verified ? now : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw invalid('api.emailTaken'); // lost a race with a concurrent registration
    return { user: row, session: await createSession(row.id, now, options.meta, tx as unknown as Db) };
  });
  // The mail is queued after the account exists; a failure there must not undo or hide the account.
  if (!options.verified)
    await sendVerification(user, now).catch((error: unknown) =>
      log.error({ err: error, user: user.id }, 'verification mail not queued'),
    );
  return { user, ...session };
}
