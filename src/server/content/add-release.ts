import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ReleaseEdition, ReleaseKind } from '@/contract/content';
import { publicChanged } from '../cache/public-changed';
import { getDb } from '../db/client';
import { releases } from '../db/schema';
import { indexReleaseFiles } from '../domain/official/index-release';
import { invalid } from '../errors';
import { logFor } from '../log';
import { storage } from '../storage';
import { signatureStorageKey, signPackage } from './release-signing';

const log = logFor('content');

type Args = {
  edition: ReleaseEdition;
  kind: ReleaseKind;
  version: string;
  notes: Record<string, string>;
  fileName: string;
  bytes: Uint8Array;
  releasedAt?: Date;
};

const safeName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+/, '')
    .slice(0, 120) || 'package.zip';

/** A zip starts with the local-file-header signature PK\x03\x04, whatever the file is named. */
const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * Publishes a package: the file and its signature (release-signing.ts) go to storage, then the
 * row; a failure removes what was written. The bytes are stored as given: the
 * CMS's updater and the market compare them with the SHA-256 shown.
 */
export async function addRelease(args: Args) {
  const db = await getDb();
  const existing = await db
    .select({ id: releases.id })
    .from(releases)
    .where(
      and(
        eq(releases.edition, args.edition),
        eq(releases.kind, args.kind),
        eq(releases.version, args.version),
      ),
    );
  if (existing.length) throw invalid('content.release.exists');
  if (!args.bytes.byteLength) throw invalid('content.release.emptyFile');
  if (!isZip(args.bytes)) throw invalid('content.release.notZip');
  const fileName = safeName(args.fileName);
  const sha256 = createHash('sha256').update(args.bytes).digest('hex');
  const fileKey = `releases/${args.edition}/${args.kind}/${safeName(args.version)}/${fileName}`;
  await storage().put(fileKey, args.bytes, 'application/zip');
  try {
    await signPackage(fileKey, args.bytes);
    const [row] = await db
      .insert(releases)
      .values({
        edition: args.edition,
        kind: args.kind,
        version: args.version,
        notes: args.notes,
        fileKey,
        fileName,
        size: args.bytes.byteLength,
        sha256,
        releasedAt: args.releasedAt ?? new Date(),
      })
      .returning();
    // The domain checks' and the package scan's official files come from the package; a failure
    // here is retried when they are next needed, so it never stops the release.
    await indexReleaseFiles(row!, args.bytes).catch((error) =>
      log.warn({ release: row!.id, error: (error as Error).message }, 'release files not read yet'),
    );
    await publicChanged(['release']);
    return row!;
  } catch (error) {
    await storage().delete(fileKey);
    await storage().delete(signatureStorageKey(fileKey));
    throw error;
  }
}
