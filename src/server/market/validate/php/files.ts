/** What a package does to files and folders whose path the request chooses: a file manager's tools. */
import 'server-only';
import type { Ctx } from './context';
import { anchored, inTempFolder, type Val } from './values';

/**
 * A file or folder the request names whole, deleted, created, touched, its rights changed, linked,
 * its source shown, read out or listed (deleting install.lock opens the CMS's installer again). An
 * upload's temporary file and a path under a fixed folder are the package's own business.
 */
export function fileTool(cx: Ctx, fn: string, path: Val | undefined, line: number): void {
  // A log of the temporary folder the request only names (`/tmp/sf_<basename>.log`) is not the site's.
  if (path && inTempFolder(path) && (fn === 'touch' || fn === 'unlink')) return;
  if (path && !anchored(path) && !path.src?.startsWith('$_FILES')) cx.sink('fileInput', line, path, fn);
}
