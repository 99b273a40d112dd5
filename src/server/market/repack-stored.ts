import 'server-only';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { appVersions, uploads, type ValidationReport } from '../db/schema';
import type { Job } from '../jobs/scheduler';
import { logFor } from '../log';
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
 * What an old package becomes: rebuilt from the entries today's reader reads (it throws a ZipError when
 * it reads none: two end records, headers that disagree…), without its top folder `<folder>/` (which
 * the CMS would have unpacked one level too deep). `moved` says whether the files left that folder;
 * `bytes` is undefined when the stored bytes are already exactly that rebuild.
 */
export function rootLayout(zip: Uint8Array, folder: string): { bytes?: Uint8Array; moved: boolean } {
  const entries = listEntries(zip, 10_000);
  const files = entries.filter((e) => !e.directory && !LITTER.test(e.name));
  const top = `${folder.toLowerCase()}/`;
  const found = files[0]?.name.slice(0, top.length) ?? '';
  const moved =
    files.length > 0 && found.toLowerCase() === top && files.every((e) => e.name.startsWith(found));
  const prefix = moved ? found : '';
  const bytes = rebuildZip(zip, entries, (name) =>
    LITTER.test(name) || !name.startsWith(prefix) ? '' : name.slice(prefix.length),
  );
  return { bytes: Buffer.from(bytes).equals(Buffer.from(zip)) ? undefined : bytes, moved };
}

type Outcome = 'repacked' | 'root' | 'unreadable';

/** Moves one stored package (shared by every version that names it) to the root layout. */
async function repackKey(key: string, folder: string): Promise<Outcome> {
  const db = await getDb();
  const bytes = await readBytes(key);
  let repacked: Uint8Array | undefined;
  let moved = false;
  let outcome: Outcome = 'root';
  try {
    if (!bytes) throw new Error('file missing');
    ({ bytes: repacked, moved } = rootLayout(bytes, folder));
    if (repacked) outcome = 'repacked';
  } catch (error) {
    log.error({ key, error: (error as Error).message }, 'package cannot be read, left as it is');
    outcome = 'unreadable';
  }
  if (!repacked) {
    const layout = outcome === 'root' ? 'root' : 'unreadable';
    const reading = outcome === 'root' ? 'one' : 'unreadable';
    const hash = bytes && outcome === 'root' ? createHash('sha256').update(bytes).digest('hex') : undefined;
    await db
      .update(appVersions)
      .set({
        report: sql`${appVersions.report} || ${JSON.stringify({ layout, reading, ...(hash ? { sha256: hash } : {}) })}::jsonb`,
      })
      .where(eq(appVersions.packageKey, key));
    return outcome;
  }
  const next = packageKey(derivedId(key), folder);
  const sha256 = createHash('sha256').update(repacked).digest('hex');
  await storage().put(next, repacked, 'application/zip');
  const note = {
    level: 'warn',
    key: moved ? 'migrated' : 'rebuilt',
    params: { folder },
  } satisfies ValidationReport['checks'][number];
  const patch = JSON.stringify({ layout: 'root', reading: 'one', sha256, size: repacked.length });
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
  log.info({ from: key, to: next, moved }, "package repacked: rebuilt, files at the zip's root");
  return outcome;
}

/**
 * Packages stored before the root-layout rule, or before packages were served rebuilt, are served as
 * the CMS installs them and with one reading: each is repacked once (resumable: every package is its
 * own step, and a finished one is marked in its report).
 */
export async function repackStoredPackages(limit = BATCH) {
  const db = await getDb();
  const result = await db.execute(sql`
    select package_key as key, min(folder) as folder from ${appVersions}
    where coalesce(report ->> 'layout', '') = '' or coalesce(report ->> 'reading', '') = ''
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
