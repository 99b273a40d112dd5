import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { releases } from '../db/schema';
import { AppError } from '../errors';
import { afterLastByte } from '../http/after-delivery';
import { storage } from '../storage';
import { signatureStorageKey } from './release-signing';

/**
 * Opens a package for download, counted once its last byte was handed over (a download that
 * failed or was cancelled is not one). A missing row or file is a 404 with the envelope's
 * message: the link is followed by a browser, which must not save that answer as a .zip.
 */
export async function downloadRelease({ id }: { id: number }) {
  const db = await getDb();
  const [row] = await db.select().from(releases).where(eq(releases.id, id));
  if (!row) throw new AppError('not_found', 'content.release.notFound');
  const file = await storage().read(row.fileKey);
  if (!file) throw new AppError('not_found', 'content.release.fileMissing');
  const count = () =>
    db
      .update(releases)
      .set({ downloads: sql`${releases.downloads} + 1` })
      .where(eq(releases.id, id));
  return {
    size: file.size,
    stream: afterLastByte(file.stream, count),
    fileName: row.fileName,
    sha256: row.sha256,
  };
}

/** A package's detached signature (release-signing.ts), named after the package; not counted. */
export async function downloadSignature({ id }: { id: number }) {
  const db = await getDb();
  const [row] = await db.select().from(releases).where(eq(releases.id, id));
  if (!row) throw new AppError('not_found', 'content.release.notFound');
  const file = await storage().read(signatureStorageKey(row.fileKey));
  if (!file) throw new AppError('not_found', 'content.release.signatureMissing');
  return { ...file, fileName: `${row.fileName}.sig` };
}
