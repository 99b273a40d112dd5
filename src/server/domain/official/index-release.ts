import 'server-only';
import { notInArray } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { domainFileTexts, domainReleaseFiles, domainReleaseIndex, releases } from '../../db/schema';
import { logFor } from '../../log';
import { storage } from '../../storage';
import { readReleaseStaticsOffLoop } from './statics-off-loop';

const log = logFor('domain');

type Release = { id: number; edition: string; kind: string; version: string };

/**
 * Reads a release package and records its static files (path, normalised hash, text), so the
 * checks can tell an official copy from a tampered one. Idempotent per release.
 */
export async function indexReleaseFiles(release: Release, bytes: Uint8Array) {
  const { files, unreadable } = await readReleaseStaticsOffLoop(bytes);
  // A package that does not unpack has no files to trust; it is recorded so it is not re-read.
  if (unreadable) log.warn({ release: release.id, error: unreadable }, 'package does not unpack');
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const f of files) {
      await tx.insert(domainFileTexts).values({ sha256: f.sha256, text: f.text }).onConflictDoNothing();
      await tx
        .insert(domainReleaseFiles)
        .values({
          releaseId: release.id,
          edition: release.edition,
          kind: release.kind,
          version: release.version,
          path: f.path,
          sha256: f.sha256,
          size: f.size,
        })
        .onConflictDoNothing();
    }
    await tx
      .insert(domainReleaseIndex)
      .values({ releaseId: release.id, files: files.length })
      .onConflictDoNothing();
  });
  return files.length;
}

/** The reading under way, shared: checks started together do not each unpack the same release. */
let indexing: Promise<void> | undefined;

/**
 * Reads the packages of releases published before this existed (or while it failed): called
 * before the official files are used, so no release is ever missing from the ground truth.
 */
export function ensureReleasesIndexed(): Promise<void> {
  indexing ??= indexPending().finally(() => {
    indexing = undefined;
  });
  return indexing;
}

async function indexPending() {
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
