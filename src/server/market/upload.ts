import 'server-only';
import type { Locale } from '@/contract/locales';
import type { Kind } from '@/contract/market';
import { getDb } from '../db/client';
import { uploads } from '../db/schema';
import { fileUrl, prepareFile, removeFiles, writeFiles } from './files';
import { presentReport } from './present-report';

/** `/api/developer/upload`: one file per request (so the browser can show its progress). */
export async function uploadFile(args: {
  userId: number;
  type: 'source' | 'image';
  kind: Kind;
  file: File;
  locale: Locale;
}) {
  const prepared = await prepareFile(args);
  await writeFiles([prepared]);
  const db = await getDb();
  await db
    .insert(uploads)
    .values(prepared.row)
    .catch(async (error: unknown) => {
      await removeFiles([prepared.key]);
      throw error;
    });
  return {
    key: prepared.key,
    url: fileUrl(prepared.key),
    name: prepared.row.fileName,
    size: prepared.row.size,
    report: prepared.report ? presentReport(prepared.report, args.locale) : null,
  };
}
