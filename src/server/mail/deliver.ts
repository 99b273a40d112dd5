import 'server-only';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { env } from '../config/env';
import { getDb } from '../db/client';
import { mailOutbox } from '../db/schema';
import { logFor } from '../log';
import { mailTransport } from './transport';

const log = logFor('mail');

/** Tries per mail before it is marked failed for an administrator (about 4 h of backoff in all). */
export const MAX_ATTEMPTS = 8;
const BATCH = 20;
/** How long a node may hold a claimed mail before another node may try it (a crashed sender). */
const LEASE_MS = 2 * 60_000;

/** Minutes before attempt n+1: 1, 2, 4, ... capped at 2 hours. */
export const backoffMs = (attempts: number) =>
  Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 2 * 3600_000);

type Row = typeof mailOutbox.$inferSelect;

/**
 * Claims due mail (SKIP LOCKED: on several nodes each mail is claimed once) and sends it. A failure
 * waits for its backoff; a permanent refusal (SMTP 5xx) or the last attempt marks the mail failed.
 * Answers how many were sent.
 */
export async function deliverDueMail(now = new Date()): Promise<{ sent: number; failed: number }> {
  const db = await getDb();
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    if (await sendOne(row, now)) sent++;
    else failed++;
  }
  return { sent, failed };
}

async function sendOne(row: Row, now: Date): Promise<boolean> {
  const db = await getDb();
  try {
    await mailTransport().send({ ...row, link: row.text.match(/https?:\/\/\S+/)?.[0] });
    // The body may hold a live link (reset, verify): it is not kept once delivered.
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null, text: '', html: '' })
      .where(eq(mailOutbox.id, row.id));
    return true;
  } catch (error) {
    const permanent = isPermanent(error);
    const last = permanent || row.attempts >= MAX_ATTEMPTS;
    log.warn({ mail: row.id, to: row.to, attempt: row.attempts, error: errorText(error) }, 'delivery failed');
    await db
      .update(mailOutbox)
      .set({
        status: last ? 'failed' : 'pending',
        lockedUntil: null,
        lastError: errorText(error).slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
      })
      .where(eq(mailOutbox.id, row.id));
    return false;
  }
}

/** The receiving server refused the mail for good (5xx): trying again cannot help. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/** The error as an administrator reads it: its code once (`EEXIST: file already exists, …`), then what it says. */
const errorText = (error: unknown) => {
  const e = error as { message?: string; code?: string; response?: string };
  const said = e.response ?? e.message ?? String(error);
  return e.code && !said.startsWith(e.code) ? `${e.code}: ${said}` : said;
};

const state = globalThis as unknown as { __portalMailKick?: { running: boolean; again: boolean } };

/**
 * Delivers soon on this node, without waiting for the scheduler's next tick (nodes that run jobs
 * only; the `mail-delivery` job picks up the rest). Never throws: the mail stays queued.
 */
export function kickDelivery(): void {
  if (!env().JOBS) return;
  state.__portalMailKick ??= { running: false, again: false };
  const kick = state.__portalMailKick;
  if (kick.running) {
    kick.again = true;
    return;
  }
  kick.running = true;
  setTimeout(async () => {
    try {
      do {
        kick.again = false;
        await deliverDueMail();
      } while (kick.again);
    } catch (error) {
      log.error({ err: error }, 'delivery run failed');
    } finally {
      kick.running = false;
    }
  }, 10);
}
