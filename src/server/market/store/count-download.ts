import 'server-only';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { formatTime, unixTime } from '@/contract/format';
import { type Db, getDb } from '../../db/client';
import { apps, appVersions, downloadClients, downloadDays } from '../../db/schema';

/** The China-time day a moment belongs to, as the statistics store it (YYYY-MM-DD). */
export const statsDay = (now: Date) => formatTime(unixTime(now), true);

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** A device's id when it sent one (x-client-id), else its address; hashed, never stored raw. */
export const clientKey = (clientId: string, ip: string) => hash(clientId ? `c:${clientId}` : `ip:${ip}`);
export const addrKey = (ip: string) => hash(`addr:${ip}`);

/**
 * A client id is the caller's own word: one address counts at most this many distinct clients per
 * version and day (an office behind one address still counts several people; a script inventing ids
 * does not count more).
 */
export const CLIENTS_PER_ADDRESS = 3;

type DownloadCall = { appId: number; versionId: number; client: string; addr: string; now: Date };

/** Whether a call is a client's first of the version that day, and one of its address's first few. */
const countsAsClient = (args: DownloadCall, day: string) => sql`(
  not exists (
    select 1 from ${downloadClients}
    where version_id = ${args.versionId} and day = ${day} and client = ${args.client}
  ) and (
    select count(*) from ${downloadClients}
    where version_id = ${args.versionId} and day = ${day} and addr = ${args.addr}
  ) < ${CLIENTS_PER_ADDRESS})`;

/**
 * The public download count a call will leave once counted (countDownload), for its answer: the
 * count itself waits until that answer was handed over (download.ts), so it cannot be read back.
 */
export async function downloadCountAfter(args: DownloadCall) {
  const day = statsDay(args.now);
  const result = await (await getDb()).execute(sql`
    select download_num + (case when ${countsAsClient(args, day)} then 1 else 0 end) as download_num
    from ${apps} where id = ${args.appId}`);
  const row = (result as unknown as { rows: { download_num: number }[] }).rows[0];
  return Number(row?.download_num ?? 0);
}

/**
 * Counts one download call of a version: the day's raw count always rises; the unique figure, and
 * with it the public download count, only for the first call of a client that day (and only for a
 * few clients per address, see CLIENTS_PER_ADDRESS). One statement, so nothing is counted half.
 * A caller's download runs it only once its answer was handed over (download.ts).
 */
export async function countDownload(args: DownloadCall, db?: Db) {
  const day = statsDay(args.now);
  const result = await (db ?? (await getDb())).execute(sql`
    with fresh as (
      insert into ${downloadClients} (version_id, day, client, addr)
      select ${args.versionId}, ${day}, ${args.client}, ${args.addr}
      where ${countsAsClient(args, day)}
      on conflict do nothing
      returning 1
    ),
    n as (select count(*)::int as k from fresh),
    d as (
      insert into ${downloadDays} (app_id, version_id, day, downloads, uniques)
      select ${args.appId}, ${args.versionId}, ${day}, 1, k from n
      on conflict (app_id, version_id, day) do update
        set downloads = ${downloadDays}.downloads + 1, uniques = ${downloadDays}.uniques + excluded.uniques
    ),
    v as (
      update ${appVersions} set download_num = download_num + (select k from n) where id = ${args.versionId}
    )
    update ${apps} set download_num = download_num + (select k from n)
    where id = ${args.appId}
    returning download_num, (select k from n) as counted`);
  const row = (result as unknown as { rows: { download_num: number; counted: number }[] }).rows[0];
  return { download_num: Number(row?.download_num ?? 0), counted: Number(row?.counted ?? 0) > 0 };
}
