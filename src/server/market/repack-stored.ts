import 'server-only';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { appVersions, uploads, type ValidationReport } from '../db/schema';
import type { Job } from '../jobs/scheduler';
import { logFor } from '../ops/log';
import { storage } from '../storage';
import { packageKey, removeFiles } from './files';
import { storeChanged } from './store/cache';
import { LITTER } from './validate/layout';
import { listEntries } from './zip/read-zip';
import { rebuildZip } from './zip/rebuild';

const log = logFor('market');

const BATCH = 25;

/** A stable new id per old key: a run cut short and run again writes the same file, not a second. */
const derivedId = (key: string) => {
  const h = createHash('sha256').update(`repack:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

async function readBytes(key: string): Promise<Uint8Array | undefined> {
  const file = await storage().read(key);
  return file ? new Uint8Array(await new Response(file.stream).arrayBuffer()) : undefined;
}

/**
 * What an old package becomes: the bytes without its top folder `<folder>/` (which the CMS would have
 * unpacked one level too deep), or undefined when it already holds its files at the root.
 */
export function rootLayout(zip: Uint8Array, folder: string): Uint8Array | undefined {
  const entries = listEntries(zip, 10_000);
  const files = entries.filter((e) => !e.directory && !LITTER.test(e.name));
  const top = `${folder.toLowerCase()}/`;
  const prefix = files[0]?.name.slice(0, top.length) ?? '';
  if (!files.length || prefix.toLowerCase() !== top || !files.every((e) => e.name.startsWith(prefix)))
    return undefined;
  return rebuildZip(zip, entries, (name) =>
    LITTER.test(name) || !name.startsWith(prefix) ? '' : name.slice(prefix.length),
  );
}

type Outcome = 'repacked' | 'root' | 'unreadable';

/** Moves one stored package (shared by every version that names it) to the root layout. */
async function repackKey(key: string, folder: string): Promise<Outcome> {
  const db = await getDb();
  const bytes = await readBytes(key);
  let repacked: Uint8Array | undefined;
  let outcome: Outcome = 'root';
  try {
    if (!bytes) throw new Error('file missing');
    repacked = rootLayout(bytes, folder);
    if (repacked) outcome = 'repacked';
  } catch (error) {
    log.error({ key, error: (error as Error).message }, 'package cannot be read, left as it is');
    outcome = 'unreadable';
  }
  if (!repacked) {
    const layout = outcome === 'root' ? 'root' : 'unreadable';
    const hash = bytes && outcome === 'root' ? createHash('sha256').update(bytes).digest('hex') : undefined;
    await db
      .update(appVersions)
      .set({
        report: sql`${appVersions.report} || ${JSON.stringify({ layout, ...(hash ? { sha256: hash } : {}) })}::jsonb`,
      })
      .where(eq(appVersions.packageKey, key));
    return outcome;
  }
  const next = packageKey(derivedId(key), folder);
  const sha256 = createHash('sha256').update(repacked).digest('hex');
  await storage().put(next, repacked, 'application/zip');
  const note = {
    level: 'warn',
    key: 'migrated',
    params: { folder },
  } satisfies ValidationReport['checks'][number];
  const patch = JSON.stringify({ layout: 'root', sha256, size: repacked.length });
  await db.transaction(async (tx) => {
    await tx
      .update(appVersions)
      .set({
        packageKey: next,
        packageSize: repacked.length,
        report: sql`(${appVersions.report} || ${patch}::jsonb) || jsonb_build_object('checks', (${appVersions.report} -> 'checks') || ${JSON.stringify([note])}::jsonb)`,
      })
      .where(eq(appVersions.packageKey, key));
    // The old upload row stays behind, now unused: market-maintenance removes it and its file within
    // the hour, after every node's store cache has let go of the old address.
    await tx.execute(sql`
      insert into ${uploads} (key, user_id, type, file_name, size, folder, report, created_at)
      select ${next}, user_id, type, file_name, ${repacked.length}, folder,
        (report || ${patch}::jsonb), created_at
      from ${uploads} where key = ${key}
      on conflict (key) do nothing`);
  });
  const [kept] = await db.select({ key: uploads.key }).from(uploads).where(eq(uploads.key, key));
  if (!kept) await removeFiles([key]);
  log.info({ from: key, to: next }, "package repacked: files at the zip's root");
  return outcome;
}

/**
 * Packages stored before the root-layout rule are served as the CMS installs them: each is repacked
 * once (resumable: every package is its own step, and a finished one is marked in its report).
 */
export async function repackStoredPackages(limit = BATCH) {
  const db = await getDb();
  const result = await db.execute(sql`
    select package_key as key, min(folder) as folder from ${appVersions}
    where coalesce(report ->> 'layout', '') = ''
    group by package_key order by min(id) limit ${limit}`);
  const rows = (result as unknown as { rows: { key: string; folder: string }[] }).rows;
  const counts: Record<Outcome, number> = { repacked: 0, root: 0, unreadable: 0 };
  for (const row of rows) counts[await repackKey(row.key, row.folder)]++;
  if (counts.repacked) await storeChanged();
  if (rows.length) log.info(counts, 'package layout migration');
  return { ...counts, more: rows.length === limit };
}

export const marketRepackJob: Job = {
  name: 'market-repack',
  everyMs: 3600_000,
  run: async () => {
    while ((await repackStoredPackages()).more) {}
  },
};
