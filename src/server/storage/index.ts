import 'server-only';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { env } from '../config/env';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { FileStorage } from './storage';

let instance: FileStorage | undefined;

/** The configured file storage (STORAGE_DRIVER): one instance per process. */
export function storage(): FileStorage {
  if (instance) return instance;
  const e = env();
  if (e.STORAGE_DRIVER === 's3') {
    instance = s3Storage({
      bucket: e.S3_BUCKET!,
      prefix: e.S3_PREFIX,
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  } else if (e.DATA_DIR.startsWith('memory://')) {
    // A throw-away database (tests) gets throw-away files too.
    instance = localStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-')));
  } else {
    instance = localStorage(path.join(e.DATA_DIR, 'files'));
  }
  return instance;
}
