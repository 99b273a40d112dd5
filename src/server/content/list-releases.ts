import 'server-only';
import { desc } from 'drizzle-orm';
import type { ReleaseView } from '@/contract/content';
import type { Locale } from '@/contract/locales';
import { getDb } from '../db/client';
import { releases } from '../db/schema';
import { presentRelease } from './present-release';

/** Every release, newest first (the update log and the download block read this). */
export async function listReleases({ locale }: { locale: Locale }): Promise<ReleaseView[]> {
  const db = await getDb();
  const rows = await db.select().from(releases).orderBy(desc(releases.releasedAt), desc(releases.id));
  return rows.map((row) => presentRelease(row, locale));
}

/** The latest install package and the upgrade packages of each edition, for the home page. */
export function pickDownloads(all: ReleaseView[]) {
  const install =
    all.find((r) => r.kind === 'install' && r.edition === 'pro') ?? all.find((r) => r.kind === 'install');
  const seen = new Set<string>();
  const upgrades = all.filter((r) => {
    if (r.kind !== 'upgrade' || seen.has(r.edition)) return false;
    seen.add(r.edition);
    return true;
  });
  return { install, upgrades };
}
