import 'server-only';
import { unzipSync } from 'fflate';
import { normaliseText, sitePath, textHash } from './normalise';

/** Per file and per package: static files are small; anything bigger is not one of them. */
const MAX_FILE = 3_000_000;
const MAX_TOTAL = 60_000_000;

export type StaticFile = { path: string; sha256: string; text: string; size: number };
/** A package's static files; `unreadable` says why there are none when it does not unpack. */
export type ReleaseStatics = { files: StaticFile[]; unreadable?: string };

/**
 * The static files of a release package (`…/static/*.js|css|html`), normalised and hashed as the
 * checks compare them. Pure CPU (unzip, normalise, hash): run it on a thread (statics-off-loop.ts).
 */
export function readReleaseStatics(bytes: Uint8Array): ReleaseStatics {
  let total = 0;
  let entries: Record<string, Uint8Array>;
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
    return { files: [], unreadable: (error as Error).message };
  }
  const files = new Map<string, StaticFile>();
  for (const [name, data] of Object.entries(entries)) {
    const path = sitePath(name)!;
    const text = normaliseText(data);
    files.set(path, { path, sha256: textHash(text), text, size: data.byteLength });
  }
  return { files: [...files.values()] };
}
