import 'server-only';
import { eq } from 'drizzle-orm';
import type { MailTopic } from '@/contract/account';
import { toLocale } from '@/contract/locales';
import { getDb } from '../../db/client';
import { users } from '../../db/schema';
import { logFor } from '../../log';
import { preferencesOf } from '../preferences';

const log = logFor('mail');

/**
 * The account a notification goes to, if it wants this topic: its verified address only (mail to an
 * address nobody proved would reach whoever typed it), its language and its unsubscribe key.
 */
export async function notificationRecipient(userId: number, topic: MailTopic) {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.emailVerifiedAt) return undefined;
  const prefs = await preferencesOf(user.id);
  if (!prefs[topic]) return undefined;
  return { user, locale: toLocale(user.locale), key: prefs.key, prefs };
}

/** Notifications never fail what caused them: a problem is logged and the mail is skipped. */
export async function quietly(what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    log.error({ err: error }, `${what} not queued`);
  }
}
