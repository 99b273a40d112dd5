import 'server-only';
import { randomUUID } from 'node:crypto';
import { IMAGE_MAX_BYTES, type Kind } from '@/contract/market';
import { siteUrl } from '../config/env';
import type { uploads, ValidationReport } from '../db/schema';
import { AppError, invalid } from '../errors';
import { storage } from '../storage';
import { checkPackageOffLoop } from './validate/check-off-loop';
import { sniffImage } from './validate/image';

export const FILE_ROUTE = '/api/developer/file/';

/** Where a stored file is served; absolute for the CMS (it opens `info.source` itself). */
export const fileUrl = (key: string, absolute = false) =>
  key ? `${absolute ? siteUrl() : ''}${FILE_ROUTE}${key}` : '';

export type PreparedFile = {
  key: string;
  bytes: Uint8Array;
  mime: string;
  row: typeof uploads.$inferInsert;
  report?: ValidationReport;
};

/** Validates one uploaded file in memory; nothing is written until every file of a request passes. */
export async function prepareFile(args: {
  userId: number;
  type: 'source' | 'image';
  kind: Kind;
  file: File;
}): Promise<PreparedFile> {
  const { file, userId, type } = args;
  const fileName = file.name.replace(/[\r\n\t"\\/]/g, '_').slice(-120) || 'file';
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (type === 'image') {
    if (bytes.length > IMAGE_MAX_BYTES) throw invalid('market.upload.imageTooBig', { max: IMAGE_MAX_BYTES });
    const image = sniffImage(bytes);
    if (!image) throw invalid('market.upload.notImage', { file: fileName });
    const key = `market/img/${randomUUID()}.${image.ext}`;
    return { key, bytes, mime: image.mime, row: { key, userId, type, fileName, size: bytes.length } };
  }
  const checked = await checkPackageOffLoop(bytes, fileName, args.kind);
  const { report } = checked;
  const failed = report.checks.find((c) => c.level === 'fail');
  if (failed) throw refused(failed);
  const key = packageKey(randomUUID(), report.folder);
  return {
    key,
    bytes: checked.bytes,
    mime: 'application/zip',
    report,
    row: { key, userId, type, fileName, size: checked.bytes.length, folder: report.folder, report },
  };
}

/** Where a package is stored: the file's own name is what the CMS saves it as. */
export const packageKey = (id: string, folder: string) => `market/pkg/${id}/${folder.toLowerCase()}.zip`;

/** A refused package: the message, and in `info` the tree it should have had (layout failures). */
function refused(check: NonNullable<ValidationReport['checks'][number]>) {
  const params = check.params ?? {};
  const info =
    typeof params.tree === 'string' ? { tree: params.tree, found: String(params.found ?? '') } : null;
  return new AppError('invalid', `market.report.${check.key}`, params, info);
}

/** What `writeFiles` needs of a checked file (market uploads and feedback media alike). */
export type FileToWrite = Pick<PreparedFile, 'key' | 'bytes' | 'mime'>;

/** Writes prepared files; if one write fails, the ones already written are removed. */
export async function writeFiles(files: FileToWrite[]): Promise<void> {
  const written: string[] = [];
  try {
    for (const f of files) {
      await storage().put(f.key, f.bytes, f.mime);
      written.push(f.key);
    }
  } catch (error) {
    await removeFiles(written);
    throw error;
  }
}

export async function removeFiles(keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      storage()
        .delete(key)
        .catch(() => {}),
    ),
  );
}
