import 'server-only';
import { lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { emailTokens } from '../db/schema';
import { sweepSessions } from '../identity/sessions';
import type { Job } from '../jobs/scheduler';

/** Links are kept a day past their expiry, so "this link has expired" can still be told apart from a forged one. */
const KEEP_EXPIRED_LINKS_MS = 86_400_000;

/** Account housekeeping, on its own schedule: never part of a user's sign-up, login or reset. */
export async function cleanAccounts(now: Date) {
  const sessions = await sweepSessions(now);
  const db = await getDb();
  const links = await db
    .delete(emailTokens)
    .where(lt(emailTokens.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_LINKS_MS)))
    .returning({ id: emailTokens.id });
  return { sessions, links: links.length };
}

export const accountsMaintenanceJob: Job = {
  name: 'accounts-maintenance',
  everyMs: 3600_000,
  run: async (now) => {
    await cleanAccounts(now);
  },
};
