import 'server-only';
import { notInArray } from 'drizzle-orm';
import { getDb } from '../../db/client';
import {
  domainFileLines,
  domainFileTexts,
  domainReleaseFiles,
  domainReleaseIndex,
  releases,
} from '../../db/schema';
import { logFor } from '../../log';
import { storage } from '../../storage';
import { readReleaseFilesOffLoop } from './release-off-loop';

const log = logFor('domain');

type Release = { id: number; edition: string; kind: string; version: string };

/** Rows per insert: a release has thousands of files, one statement each would be slow. */
const CHUNK = 500;

const chunks = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Reads a release package and records every file of it (path, hashes; the text of static files,
 * the line hashes of text files), so the domain checks can tell an official copy from a tampered
 * one and the package scan an official file from a package's own. Idempotent per release.
 */
export async function indexReleaseFiles(release: Release, bytes: Uint8Array) {
  const { files, unreadable } = await readReleaseFilesOffLoop(bytes);
  // A package that does not unpack has no files to trust; it is recorded so it is not re-read.
  if (unreadable) log.warn({ release: release.id, error: unreadable }, 'package does not unpack');
  const texts = [
    ...new Map(files.flatMap((f) => (f.text === undefined ? [] : [[f.sha256!, f.text]]))).entries(),
  ];
  const lines = [...new Map(files.flatMap((f) => (f.lines ? [[f.known, f.lines]] : []))).entries()];
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const rows of chunks(texts))
      await tx
        .insert(domainFileTexts)
        .values(rows.map(([sha256, text]) => ({ sha256, text })))
        .onConflictDoNothing();
    for (const rows of chunks(lines))
      await tx
        .insert(domainFileLines)
        .values(rows.map(([known, lines]) => ({ known, lines })))
        .onConflictDoNothing();
    for (const rows of chunks(files))
      await tx
        .insert(domainReleaseFiles)
        .values(
          rows.map((f) => ({
            releaseId: release.id,
            edition: release.edition,
            kind: release.kind,
            version: release.version,
            path: f.path,
            site: f.site,
            sha256: f.sha256,
            known: f.known,
            size: f.size,
          })),
        )
        .onConflictDoNothing();
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
      log.warn({ release: r.id, error: (error as Error).message }, 'release not read for its files');
    }
  }
}
