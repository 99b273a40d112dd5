import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '@/server/storage/local';
import { s3Storage } from '@/server/storage/s3';
import type { FileStorage } from '@/server/storage/storage';
import { startS3Server } from '../support/s3-server';

const text = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

function contract(name: string, make: () => FileStorage) {
  describe(`${name} storage`, () => {
    it('stores, reads back with its size, and deletes a file', async () => {
      const store = make();
      await store.put('packages/demo/v1.zip', new TextEncoder().encode('hello zip'), 'application/zip');
      expect(await store.exists('packages/demo/v1.zip')).toBe(true);
      const file = await store.read('packages/demo/v1.zip');
      expect(file?.size).toBe(9);
      expect(await text(file!.stream)).toBe('hello zip');
      await store.delete('packages/demo/v1.zip');
      expect(await store.exists('packages/demo/v1.zip')).toBe(false);
      expect(await store.read('packages/demo/v1.zip')).toBeUndefined();
    });

    it('lists every stored key, for backups', async () => {
      const store = make();
      await store.put('market/img/a.png', new Uint8Array([1]), 'image/png');
      await store.put('market/pkg/b/c.zip', new Uint8Array([2]), 'application/zip');
      const keys: string[] = [];
      for await (const key of store.list()) keys.push(key);
      expect(keys).toEqual(expect.arrayContaining(['market/img/a.png', 'market/pkg/b/c.zip']));
    });

    it('refuses keys that could escape the storage root', async () => {
      const store = make();
      for (const key of ['../etc/passwd', '/abs/file', 'a/../../b', 'a//b', '']) {
        await expect(store.put(key, new Uint8Array([1]), 'text/plain')).rejects.toThrow(
          /Invalid storage key/,
        );
      }
    });
  });
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
contract('local', () => localStorage(root));

let server: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  server = await startS3Server('portal');
});
afterAll(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});
contract('S3-compatible', () =>
  s3Storage({
    bucket: 'portal',
    prefix: 'test/',
    endpoint: server.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  }),
);
