import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localStorage } from '@/server/storage/local';
import type { FileStorage } from '@/server/storage/storage';

/** Files go to a temporary folder of this test file, so tests can see that nothing is left behind. */
export const FILES_ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'market-files-'));
let store: FileStorage | undefined;
export const testStorage = () => {
  store ??= localStorage(FILES_ROOT);
  return store;
};

export function storedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(FILES_ROOT, p));
    }
  };
  walk(FILES_ROOT);
  return out.sort();
}
