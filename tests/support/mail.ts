import { and, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { mailOutbox } from '@/server/db/schema';
import { deliverDueMail } from '@/server/mail/deliver';

/** Runs the delivery job's work now (tests run no scheduler), as the next tick would. */
export const deliverMail = (now = new Date()) => deliverDueMail(now);

/** Rows of the outbox for an address, oldest first. */
export async function queuedFor(to: string, kind?: string) {
  const db = await getDb();
  return db
    .select()
    .from(mailOutbox)
    .where(kind ? and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)) : eq(mailOutbox.to, to))
    .orderBy(mailOutbox.id);
}

/** The `token` (or other) parameter of a link. */
export const linkParam = (link: string, name = 'token') => new URL(link).searchParams.get(name) ?? '';
