import 'server-only';
import { sql } from 'drizzle-orm';
import { env } from '../config/env';
import { getDb } from '../db/client';
import { logFor } from '../log';
import { applyPublicChange, CHANGE_CHANNEL, type ChangeTag, nodeId } from './change-bus';

const log = logFor('cache');

/** A notice that could not be sent is tried again this often, for this long. */
const RETRY_MS = 250;
const RETRY_FOR_MS = 60_000;

/**
 * What visitors see changed (a release, an audit, a post, a collection run): this process drops its
 * cached data and pages for those areas at once, and on PostgreSQL every other node does when the
 * NOTIFY arrives (milliseconds). The embedded database has one process, so the local step is all.
 * Never fails its caller: the change is already committed. A notice that cannot be sent (the
 * database went away right after the change) is sent again until it goes, for a minute; a node
 * whose channel was down meanwhile drops everything when it listens again (listen-changes.ts).
 */
export async function publicChanged(tags: ChangeTag[]) {
  applyPublicChange(tags);
  if (!env().DATABASE_URL) return;
  await announce(tags, Date.now(), true);
}

async function announce(tags: ChangeTag[], since: number, first: boolean) {
  try {
    const db = await getDb();
    const payload = JSON.stringify({ node: nodeId(), tags });
    await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
  } catch (error) {
    if (first) log.warn({ err: error, tags }, 'could not tell the other nodes about a change yet');
    if (Date.now() - since < RETRY_FOR_MS)
      setTimeout(() => void announce(tags, since, false), RETRY_MS).unref();
    else log.warn({ err: error, tags }, 'gave up telling the other nodes about a change');
  }
}
