import 'server-only';
import { getDb } from '../db/client';
import type { UserRow } from '../identity/user';
import { appFor, latestVersion } from './access';
import { fileUrl } from './files';

/** app_download: the developer (or a reviewer) fetches the latest submitted package. */
export async function appDownload(args: { user: UserRow; id: number }) {
  const db = await getDb();
  const app = await appFor(db, { id: args.id, user: args.user, admin: true });
  const v = await latestVersion(db, app.id);
  return { source: fileUrl(v.packageKey, true), file_name: `${v.folder}.zip`, version: v.version };
}
