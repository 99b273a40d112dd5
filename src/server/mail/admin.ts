import 'server-only';
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { OutboxInfo } from '@/contract/account';
import { unixTime } from '@/contract/format';
import { getDb } from '../db/client';
import { mailOutbox } from '../db/schema';
import { invalid } from '../errors';
import { kickDelivery } from './deliver';
import { mailTransport } from './transport';

/** For administrators: how mail is doing, and every mail still waiting or given up on. */
export async function outboxOverview(now = new Date()): Promise<OutboxInfo> {
  const db = await getDb();
  const totals = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const [day] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'sent'), gt(mailOutbox.sentAt, new Date(now.getTime() - 86_400_000))));
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'failed']))
    .orderBy(desc(mailOutbox.id))
    .limit(100);
  const of = (status: string) => totals.find((t) => t.status === status)?.n ?? 0;
  return {
    mode: mailTransport().mode,
    pending: of('pending'),
    failed: of('failed'),
    sent_day: day?.n ?? 0,
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.to,
      subject: r.subject,
      status: r.status,
      attempts: r.attempts,
      last_error: r.lastError ?? '',
      next_attempt: unixTime(r.nextAttemptAt),
      create_time: unixTime(r.createdAt),
    })),
  };
}

/** Sends a failed (or waiting) mail again now, with a fresh count of attempts. */
export async function retryMail(id: number, now = new Date()) {
  const db = await getDb();
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['pending', 'failed'])))
    .returning({ id: mailOutbox.id });
  if (!row) throw invalid('auth.api.mailMissing');
  kickDelivery();
  return { id };
}
