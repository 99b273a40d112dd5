import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { assertKey, type FileStorage } from './storage';

/** Files under `<root>/<key>`; writes go to a temporary file first so readers never see half a file. */
export function localStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => path.join(base, assertKey(key));
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.promises.writeFile(temp, body);
      await fs.promises.rename(temp, file);
    },
    async read(key) {
      const file = fileOf(key);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      const stream = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
      return { stream, size: stat.size };
    },
    async exists(key) {
      return (await fs.promises.stat(fileOf(key)).catch(() => undefined))?.isFile() ?? false;
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async *list() {
      if (!fs.existsSync(base)) return;
      for (const entry of await fs.promises.readdir(base, { recursive: true, withFileTypes: true })) {
        // Half-written files (`*.tmp`, see put) are not stored files yet.
        if (entry.isFile() && !entry.name.endsWith('.tmp'))
          yield path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      }
    },
  };
}
