import 'server-only';
import { notInArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { getDb } from '../../db/client';
import { domainFileTexts, domainReleaseFiles, domainReleaseIndex, releases } from '../../db/schema';
import { logFor } from '../../ops/log';
import { storage } from '../../storage';
import { normaliseText, sitePath, textHash } from './normalise';

const log = logFor('domain');

/** Per file and per package: static files are small; anything bigger is not one of them. */
const MAX_FILE = 3_000_000;
const MAX_TOTAL = 60_000_000;

type Release = { id: number; edition: string; kind: string; version: string };

/**
 * Reads a release package and records its static files (path, normalised hash, text), so the
 * checks can tell an official copy from a tampered one. Idempotent per release.
 */
export async function indexReleaseFiles(release: Release, bytes: Uint8Array) {
  let total = 0;
  let entries: Record<string, Uint8Array> = {};
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        if (!sitePath(f.name) || f.originalSize > MAX_FILE || total + f.originalSize > MAX_TOTAL)
          return false;
        total += f.originalSize;
        return true;
      },
    });
  } catch (error) {
    // A package that does not unpack has no files to trust; it is recorded so it is not re-read.
    log.warn({ release: release.id, error: (error as Error).message }, 'package does not unpack');
  }
  const files = new Map<string, { sha256: string; text: string; size: number }>();
  for (const [name, data] of Object.entries(entries)) {
    const path = sitePath(name)!;
    const text = normaliseText(data);
    files.set(path, { sha256: textHash(text), text, size: data.byteLength });
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const [path, f] of files) {
      await tx.insert(domainFileTexts).values({ sha256: f.sha256, text: f.text }).onConflictDoNothing();
      await tx
        .insert(domainReleaseFiles)
        .values({
          releaseId: release.id,
          edition: release.edition,
          kind: release.kind,
          version: release.version,
          path,
          sha256: f.sha256,
          size: f.size,
        })
        .onConflictDoNothing();
    }
    await tx
      .insert(domainReleaseIndex)
      .values({ releaseId: release.id, files: files.size })
      .onConflictDoNothing();
  });
  return files.size;
}

/**
 * Reads the packages of releases published before this existed (or while it failed): called
 * before the official files are used, so no release is ever missing from the ground truth.
 */
export async function ensureReleasesIndexed() {
  const db = await getDb();
  const done = db.select({ id: domainReleaseIndex.releaseId }).from(domainReleaseIndex);
  const pending = await db
    .select({
      id: releases.id,
      edition: releases.edition,
      kind: releases.kind,
      version: releases.version,
      fileKey: releases.fileKey,
    })
    .from(releases)
    .where(notInArray(releases.id, done));
  for (const r of pending) {
    try {
      const file = await storage().read(r.fileKey);
      if (!file) continue;
      await indexReleaseFiles(r, new Uint8Array(await new Response(file.stream).arrayBuffer()));
    } catch (error) {
      log.warn({ release: r.id, error: (error as Error).message }, 'release not read for its static files');
    }
  }
}
