import 'server-only';
import { sql } from 'drizzle-orm';
import { env } from '../config/env';
import { getDb } from '../db/client';
import { logFor } from '../ops/log';
import { applyPublicChange, CHANGE_CHANNEL, type ChangeTag, nodeId } from './change-bus';

const log = logFor('cache');

/**
 * What visitors see changed (a release, an audit, a post, a collection run): this process drops its
 * cached data and pages for those areas at once, and on PostgreSQL every other node does when the
 * NOTIFY arrives (milliseconds). The embedded database has one process, so the local step is all.
 * Never fails its caller: the change is already committed, and a node that misses the notice still
 * refreshes its pages when they expire.
 */
export async function publicChanged(tags: ChangeTag[]) {
  applyPublicChange(tags);
  if (!env().DATABASE_URL) return;
  try {
    const db = await getDb();
    const payload = JSON.stringify({ node: nodeId(), tags });
    await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
  } catch (error) {
    log.warn({ err: error, tags }, 'could not tell the other nodes about a change');
  }
}
