import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { releases } from '../db/schema';
import { invalid } from '../http/errors';
import { storage } from '../storage';

/** Opens a package for download and counts it; a missing row or file is a clear failure. */
export async function downloadRelease({ id }: { id: number }) {
  const db = await getDb();
  const [row] = await db.select().from(releases).where(eq(releases.id, id));
  if (!row) throw invalid('content.release.notFound');
  const file = await storage().read(row.fileKey);
  if (!file) throw invalid('content.release.fileMissing');
  await db
    .update(releases)
    .set({ downloads: sql`${releases.downloads} + 1` })
    .where(eq(releases.id, id));
  return { ...file, fileName: row.fileName, sha256: row.sha256 };
}
