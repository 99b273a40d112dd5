import 'server-only';
import type { Locale } from '@/contract/locales';
import type { Kind } from '@/contract/market';
import { requireVerified } from '../accounts/verified';
import { getDb } from '../db/client';
import { uploads } from '../db/schema';
import type { UserRow } from '../identity/user';
import { fileUrl, prepareFile, removeFiles, writeFiles } from './files';
import { presentReport } from './present-report';

/**
 * `/api/developer/upload`: one file per request (so the browser can show its progress). Only for
 * accounts that may submit: an uploaded image is public at once, so an unproven account would
 * otherwise get files hosted (and packages scanned) without ever being able to use them.
 */
export async function uploadFile(args: {
  user: Pick<UserRow, 'id' | 'emailVerifiedAt'>;
  type: 'source' | 'image';
  kind: Kind;
  file: File;
  locale: Locale;
}) {
  await requireVerified(args.user);
  const prepared = await prepareFile({ ...args, userId: args.user.id });
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
