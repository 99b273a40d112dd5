import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { domainFileTexts, domainReleaseFiles } from '../../db/schema';
import { ensureReleasesIndexed } from './index-release';
import { type OfficialFiles, officialFiles, versionsByFile } from './official-files';

/** Which versions ship each official file, from every published release package (reading any not read yet). */
export async function loadOfficialVersions(): Promise<OfficialFiles['byPath']> {
  await ensureReleasesIndexed();
  const db = await getDb();
  const rows = await db
    .select({
      edition: domainReleaseFiles.edition,
      kind: domainReleaseFiles.kind,
      version: domainReleaseFiles.version,
      path: domainReleaseFiles.path,
      sha256: domainReleaseFiles.sha256,
    })
    .from(domainReleaseFiles);
  return versionsByFile(rows);
}

/** The text of an official file, by hash. */
export async function officialText(sha256: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ text: domainFileTexts.text })
    .from(domainFileTexts)
    .where(eq(domainFileTexts.sha256, sha256));
  return row?.text ?? null;
}

/** The official files derived from every published release package (reading any not read yet). */
export const loadOfficialFiles = async (): Promise<OfficialFiles> =>
  officialFiles(await loadOfficialVersions(), officialText);
