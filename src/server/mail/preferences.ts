import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MailPreferences, MailTopic } from '@/contract/account';
import type { Locale } from '@/contract/locales';
import { siteUrl } from '../config/env';
import { getDb } from '../db/client';
import { mailPreferences, users } from '../db/schema';
import { AppError, invalid } from '../errors';
import { mailText, pageLink } from './links';

type Row = typeof mailPreferences.$inferSelect;

/** The user's switches, created (all on, with a fresh unsubscribe key) the first time they are needed. */
export async function preferencesOf(userId: number): Promise<Row> {
  const db = await getDb();
  await db
    .insert(mailPreferences)
    .values({ userId, key: randomBytes(24).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId)).limit(1);
  if (!row) throw new Error(`mail preferences of user ${userId} vanished`);
  return row;
}

/** Reads or changes the switches: by session, or by the key of an unsubscribe link (no login). */
export async function updatePreferences(args: {
  userId?: number;
  key?: string;
  changes: Partial<Record<MailTopic, boolean>>;
}): Promise<MailPreferences> {
  const db = await getDb();
  let row: Row | undefined;
  if (args.key)
    [row] = await db.select().from(mailPreferences).where(eq(mailPreferences.key, args.key)).limit(1);
  else if (args.userId) row = await preferencesOf(args.userId);
  else throw new AppError('unauthorized', 'api.loginRequired');
  if (!row) throw invalid('auth.api.linkInvalid');
  const changes = Object.fromEntries(Object.entries(args.changes).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length)
    [row] = await db
      .update(mailPreferences)
      .set(changes)
      .where(eq(mailPreferences.userId, row.userId))
      .returning();
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, row!.userId));
  // Through a link, the address is shown masked: the key may have been forwarded with the mail.
  const email = user?.email ?? '';
  return {
    review: row!.review,
    feedback: row!.feedback,
    licence: row!.licence,
    email: args.key ? maskEmail(email) : email,
  };
}

export const maskEmail = (email: string) => email.replace(/^(.).*?(.)?@/, (_m, a, b) => `${a}***${b ?? ''}@`);

/** The footer of a notification mail: why it came, the preferences page, one-click unsubscribe. */
export function notificationFooter(args: { locale: Locale; key: string; topic: MailTopic; email: string }) {
  const t = mailText(args.locale);
  return {
    footer: [t('footer.account', { email: args.email }), t('footer.notice'), t('automatic')],
    footerLinks: [
      { label: t('preferences'), url: pageLink(args.locale, '/user/mail', { key: args.key }) },
      {
        label: t('unsubscribe'),
        url: pageLink(args.locale, '/user/mail', { key: args.key, off: args.topic }),
      },
    ],
    unsubscribeUrl: `${siteUrl()}/api/user/mail_unsubscribe?${new URLSearchParams({ key: args.key, topic: args.topic })}`,
  };
}
