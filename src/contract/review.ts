import { z } from 'zod';
import { KINDS } from './market';
import { recordId } from './record-id';

/** The reviewer's tools: the queue's next item, a package's files, and its changes since the last approval. */

/** A text file larger than this is compared and shown by its hash only. */
export const REVIEW_TEXT_MAX_BYTES = 200_000;
/** Lines of one file's diff shown at most (the rest is cut, and the file says so). */
export const DIFF_LINES_MAX = 2_000;
/** Lines of one diff shown at most, all files together (a first version shows every file in full). */
export const DIFF_TOTAL_LINES_MAX = 20_000;
/** Kept lines shown around each change. */
export const DIFF_CONTEXT = 3;
/** Steps the line diff of one comparison (all files together) may take before it gives up. */
export const DIFF_WORK_MAX = 20_000_000;

const versionId = recordId('market.review.valid.version');

export const reviewNextSchema = z.object({
  /** The item just decided (left out even if it is still under review, e.g. another admin's race). */
  exclude: recordId().optional().catch(undefined),
});

export const reviewNextOutputSchema = z.object({
  next: z
    .object({ kind: z.enum(KINDS), id: z.number().int(), version_id: z.number().int(), name: z.string() })
    .nullable(),
});

export const packageFilesSchema = z.object({ version_id: versionId });

const fileEntry = z.object({
  path: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  binary: z.boolean(),
});

export const packageFilesOutputSchema = z.object({
  version_id: z.number().int(),
  version: z.string(),
  files: z.array(fileEntry),
});
export type PackageFilesOutput = z.infer<typeof packageFilesOutputSchema>;

export const packageFileSchema = z.object({
  version_id: versionId,
  path: z.string({ error: 'market.review.valid.path' }).min(1, 'market.review.valid.path').max(1000),
});

export const packageFileOutputSchema = fileEntry.extend({
  /** The file is larger than REVIEW_TEXT_MAX_BYTES: `text` is empty. */
  too_large: z.boolean(),
  text: z.string(),
});
export type PackageFileOutput = z.infer<typeof packageFileOutputSchema>;

export const packageDiffSchema = z.object({
  version_id: versionId,
  /** The version to compare with; the previous approved version of the same item when not given. */
  base_id: recordId('market.review.valid.version').optional(),
});

const diffLine = z.object({
  op: z.enum([' ', '+', '-']),
  old: z.number().int(),
  new: z.number().int(),
  text: z.string(),
});

const diffFile = z.object({
  path: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  binary: z.boolean(),
  /** Too large or too different to compare line by line: only the hashes differ. */
  too_large: z.boolean(),
  old_sha256: z.string(),
  new_sha256: z.string(),
  added: z.number().int(),
  removed: z.number().int(),
  /** Some changed lines are not shown (DIFF_LINES_MAX). */
  truncated: z.boolean(),
  hunks: z.array(z.object({ lines: z.array(diffLine) })),
});

export const packageDiffOutputSchema = z.object({
  version_id: z.number().int(),
  version: z.string(),
  base: z.object({ version_id: z.number().int(), version: z.string() }).nullable(),
  files: z.array(diffFile),
  unchanged: z.number().int(),
});
export type PackageDiffOutput = z.infer<typeof packageDiffOutputSchema>;
export type DiffFile = z.infer<typeof diffFile>;

/**
 * The package scan's known library releases (market/validate/known-files.ts): an administrator
 * imports a release archive as published; identical files in packages are then trusted, changed
 * copies held. A library or version is a short plain name (`Twig`, `3.5.1`, `guzzlehttp/guzzle`).
 */
export const KNOWN_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._/@+-]{0,99}$/;
const knownName = (key: string) => z.string({ error: key }).trim().regex(KNOWN_NAME, key);

export const knownImportSchema = z.object({
  library: knownName('market.valid.knownLibrary'),
  version: knownName('market.valid.knownVersion'),
  file: z.instanceof(File, { error: 'market.valid.knownFile' }),
});

export const knownReleasesSchema = z.union([
  z.object({ action: z.literal('remove'), id: recordId('market.valid.knownRelease') }),
  z.object({ action: z.literal('list').optional() }),
]);

const knownRelease = z.object({
  id: z.number().int(),
  library: z.string(),
  version: z.string(),
  files: z.number().int(),
  create_time: z.number().int(),
});
export type KnownReleaseView = z.infer<typeof knownRelease>;

export const knownReleasesOutputSchema = z.object({ list: z.array(knownRelease) });
export type KnownReleasesOutput = z.infer<typeof knownReleasesOutputSchema>;
