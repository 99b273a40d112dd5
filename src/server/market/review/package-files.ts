import 'server-only';
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { STATUS } from '@/contract/market';
import { REVIEW_TEXT_MAX_BYTES } from '@/contract/review';
import { getDb } from '../../db/client';
import { appVersions } from '../../db/schema';
import { invalid } from '../../errors';
import { storage } from '../../storage';
import type { VersionRow } from '../access';
import { isText } from '../validate/known-files';
import { ZIP_LIMITS } from '../validate/package';
import { listEntries, readEntry, ZipError } from '../zip/read-zip';

/** One file of a stored package: its hash, and its text when it is UTF-8 and small enough. */
export type PackageFile = {
  path: string;
  size: number;
  sha256: string;
  binary: boolean;
  /** The text (UTF-8) when not binary and at most REVIEW_TEXT_MAX_BYTES; undefined otherwise. */
  text?: string;
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A NUL byte or bytes that are not UTF-8 make a file binary: it is compared by its hash only. */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (!isText(bytes)) return undefined;
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** A version of any item by its id, for the reviewer's tools. */
export async function reviewedVersion(versionId: number): Promise<VersionRow> {
  const db = await getDb();
  const [row] = await db.select().from(appVersions).where(eq(appVersions.id, versionId)).limit(1);
  if (!row) throw invalid('market.review.err.noVersion');
  return row;
}

/** The approved (or released) version before this one of the same item: what an update is compared with. */
export async function previousApproved(version: VersionRow): Promise<VersionRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(appVersions)
    .where(
      and(
        eq(appVersions.appId, version.appId),
        lt(appVersions.id, version.id),
        inArray(appVersions.status, [STATUS.approved, STATUS.released]),
      ),
    )
    .orderBy(desc(appVersions.id))
    .limit(1);
  return row;
}

/**
 * Reads a stored package with the project's own zip reader: every file (directories left out) with
 * its SHA-256, and the text of the small UTF-8 ones. `only` reads just that one entry's bytes.
 */
export async function readPackage(version: VersionRow, only?: string): Promise<PackageFile[]> {
  const file = await storage().read(version.packageKey);
  if (!file) throw invalid('market.review.err.unreadable');
  const zip = new Uint8Array(await new Response(file.stream).arrayBuffer());
  try {
    const entries = listEntries(zip, ZIP_LIMITS.entries).filter((e) => !e.directory);
    return entries
      .filter((e) => only === undefined || e.name === only)
      .map((entry) => {
        const bytes = readEntry(zip, entry);
        const text = decodeText(bytes);
        return {
          path: entry.name,
          size: entry.size,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          binary: text === undefined,
          text: text !== undefined && bytes.length <= REVIEW_TEXT_MAX_BYTES ? text : undefined,
        };
      });
  } catch (error) {
    if (error instanceof ZipError) throw invalid('market.review.err.unreadable');
    throw error;
  }
}
