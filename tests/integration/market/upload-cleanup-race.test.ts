import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { POST as pluginsAdd } from '@/app/api/developer_plugins/plugins_add/route';
import { getDb } from '@/server/db/client';
import { apps, uploads } from '@/server/db/schema';
import { registerUser } from '../../support/factories';
import { callMultipart, fields, file, PNG, pluginZip, uploadFile } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

/** The cleanup's turn comes between reading the form's files and committing the version. */
const removedMeanwhile = vi.hoisted(() => ({ key: '' }));
vi.mock('@/server/market/resolve-files', async (original) => {
  const real = await original<typeof import('@/server/market/resolve-files')>();
  return {
    ...real,
    resolveFiles: async (...args: Parameters<typeof real.resolveFiles>) => {
      const resolved = await real.resolveFiles(...args);
      if (removedMeanwhile.key) {
        const db = await getDb();
        await db.delete(uploads).where(eq(uploads.key, removedMeanwhile.key));
      }
      return resolved;
    },
  };
});

describe('an upload the cleanup removes while its form is submitted', () => {
  it('is asked for again, and no item is created without its file', async () => {
    const dev = await registerUser();
    const image = await uploadFile(dev.token, file(PNG, 'old.png', 'image/png'), 'image');
    removedMeanwhile.key = image.info.key;
    const res = await callMultipart(
      pluginsAdd,
      { ...fields(), source: file(pluginZip('raceplug'), 'p.zip'), pc_image: image.info.key },
      { token: dev.token, lang: 'en-us' },
    );
    removedMeanwhile.key = '';
    expect([res.code, res.msg]).toEqual([
      0,
      'A file of this form was removed meanwhile (uploads not used within a day are deleted): upload it again',
    ]);
    const db = await getDb();
    expect(await db.select().from(apps).where(eq(apps.folder, 'raceplug'))).toEqual([]);
  });
});
