import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppAddInput, Kind } from '@/contract/market';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import { invalid } from '../errors';
import { type PreparedFile, prepareFile } from './files';

type Ref = string | File;
export type ResolvedFiles = {
  source: {
    key: string;
    fileName: string;
    size: number;
    folder: string;
    report: NonNullable<PreparedFile['report']>;
  };
  pcImage: string;
  pcPreview: string[];
  h5Image: string;
  h5Preview: string[];
  /** Files sent in this request, validated but not yet written. */
  fresh: PreparedFile[];
  /** Keys of earlier uploads the submission uses (to lock them while it commits). */
  earlier: string[];
};

/** Turns the submitted files into stored keys: files are validated, keys must be the caller's own uploads. */
export async function resolveFiles(
  db: Db,
  userId: number,
  kind: Kind,
  input: AppAddInput,
): Promise<ResolvedFiles> {
  const fresh: PreparedFile[] = [];
  const keys = new Set<string>();
  const one = async (ref: Ref, type: 'source' | 'image'): Promise<string> => {
    if (typeof ref === 'string') {
      if (ref) keys.add(ref);
      return ref;
    }
    const prepared = await prepareFile({ userId, type, kind, file: ref });
    fresh.push(prepared);
    return prepared.key;
  };
  const source = await one(input.source, 'source');
  const pcImage = await one(input.pc_image, 'image');
  const pcPreview = await Promise.all(input.pc_preview.map((r) => one(r, 'image')));
  const h5Image = kind === 'theme' ? await one(input.h5_image, 'image') : '';
  const h5Preview = kind === 'theme' ? await Promise.all(input.h5_preview.map((r) => one(r, 'image'))) : [];

  const rows = keys.size
    ? await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.userId, userId), inArray(uploads.key, [...keys])))
    : [];
  const known = new Map(
    [...rows, ...fresh.map((f) => f.row as typeof uploads.$inferSelect)].map((r) => [r.key, r]),
  );
  const sourceRow = known.get(source);
  if (sourceRow?.type !== 'source' || !sourceRow.report) throw invalid('market.valid.sourceRequired');
  if (!sourceRow.report.checks.some((c) => c.key === `${kind}Ok`))
    throw invalid('market.err.wrongPackageKind');
  // Uploaded before packages were checked for the CMS's install layout, or before they were served
  // rebuilt: it must be checked again.
  if (sourceRow.report.layout !== 'root' || sourceRow.report.reading !== 'one')
    throw invalid('market.err.reupload');
  for (const key of [pcImage, ...pcPreview, h5Image, ...h5Preview]) {
    if (key && known.get(key)?.type !== 'image') throw invalid('market.err.unknownFile');
  }
  return {
    source: {
      key: source,
      fileName: sourceRow.fileName,
      size: sourceRow.size,
      folder: sourceRow.folder,
      report: sourceRow.report,
    },
    pcImage,
    pcPreview,
    h5Image,
    h5Preview,
    fresh,
    earlier: [...keys],
  };
}
