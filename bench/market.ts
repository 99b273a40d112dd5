/**
 * Market figures for `npm run bench`: the store with 10,000 released items. The items
 * are cloned from a released demo item straight into the stopped server's embedded database (going
 * through submit, audit and release 10,000 times would take longer than the measurement itself).
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

export const MARKET_ITEMS = 10_000;

/** Adds `count` released items (half plugins, half themes) next to the demo ones. */
export async function fillMarket(dataDir: string, count = MARKET_ITEMS): Promise<void> {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into market_apps (kind, owner_id, download_num)
         select case when g % 2 = 0 then 'plugin' else 'theme' end,
                (select owner_id from market_apps order by id limit 1), (g * 7919) % 5000
         from generate_series(1, $1::int) g`,
        [count],
      );
      await tx.query(
        `insert into market_app_versions (app_id, status, version, name, describe, support_version,
           system_version, device, toll, langs, user_name, user_domain, package_key, package_name,
           package_size, folder, pc_image, pc_preview, report, submitted_at, audited_at, released_at)
         select a.id, 3, '1.0.' || (a.id % 7), 'Bench ' || a.kind || ' ' || a.id, t.describe, t.support_version,
           t.system_version, a.id % 3, a.id % 2, t.langs, t.user_name, t.user_domain, t.package_key,
           t.package_name, t.package_size, 'bench' || a.id, t.pc_image, t.pc_preview, t.report,
           now() - (a.id % 2000) * interval '1 hour', now(), now() - (a.id % 2000) * interval '1 hour'
         from market_apps a
         cross join (select v.* from market_app_versions v
                     join market_apps x on x.released_version_id = v.id order by v.id limit 1) t
         where a.latest_version_id is null`,
      );
      await tx.query(
        `update market_apps a set latest_version_id = v.id, released_version_id = v.id
         from market_app_versions v where v.app_id = a.id and a.latest_version_id is null`,
      );
    });
    await db.query('analyze');
  } finally {
    await db.close();
  }
}

/**
 * The same call when its answer is not cached: distinct searches, sorts and pages one after another.
 * Answers the median latency in milliseconds.
 */
export async function coldCenterLatency(origin: string, samples = 30): Promise<number> {
  const sorts = ['', 'newest', 'name'];
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const body = new URLSearchParams({
      name: i % 2 ? `Bench plugin ${i}` : '',
      page: String(1 + ((i * 37) % 200)),
      limit: '20',
      sortBy: sorts[i % 3] ?? '',
      type: i % 2 ? 'plugins' : 'theme',
    });
    const t0 = performance.now();
    const response = await fetch(`${origin}/api/market/center`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    await response.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}
