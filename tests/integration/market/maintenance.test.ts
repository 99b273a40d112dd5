import { describe, expect, it, vi } from 'vitest';
import { POST as upload } from '@/app/api/developer/upload/route';
import { getDb } from '@/server/db/client';
import { downloadClients } from '@/server/db/schema';
import { cleanMarket } from '@/server/market/maintenance-job';
import { registerUser } from '../../support/factories';
import { callMultipart, file, PNG, pluginZip, storedFiles, submitPlugin, uploadFile } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

const DAY = 86_400_000;

describe('market maintenance', () => {
  it('removes uploads no submission used within a day, with their files, and keeps the used ones', async () => {
    const dev = await registerUser();
    await submitPlugin(dev.token, {}, 'keptplug');
    const used = storedFiles();
    const abandoned = await uploadFile(dev.token, file(pluginZip('abandoned'), 'a.zip'), 'source');
    const image = await uploadFile(dev.token, file(PNG, 'a.png'), 'image');
    expect(storedFiles()).toHaveLength(used.length + 2);

    expect((await cleanMarket(new Date())).uploads).toBe(0); // not a day old yet
    const later = new Date(Date.now() + DAY + 60_000);
    expect((await cleanMarket(later)).uploads).toBe(2);
    expect(storedFiles()).toEqual(used);
    const again = await callMultipart(
      (await import('@/app/api/developer_plugins/plugins_add/route')).POST,
      {
        name: 'x',
        describe: 'x',
        support_version: '1',
        version: '1.0.0',
        source: abandoned.info.key,
        pc_image: image.info.key,
      },
      { token: dev.token },
    );
    expect(again.code).toBe(0);
  });

  it('forgets which clients downloaded after 35 days', async () => {
    const db = await getDb();
    const now = new Date();
    const { countDownload } = await import('@/server/market/store/count-download');
    const dev = await registerUser();
    const { id, version_id } = await submitPlugin(dev.token);
    await countDownload({
      appId: id,
      versionId: version_id,
      client: 'old',
      addr: 'a',
      now: new Date(now.getTime() - 40 * DAY),
    });
    await countDownload({ appId: id, versionId: version_id, client: 'new', addr: 'a', now });
    await cleanMarket(now);
    const left = await db.select().from(downloadClients);
    expect(left.map((r) => r.client)).toEqual(['new']);
  });

  it('limits how many files one developer uploads in an hour', async () => {
    const dev = await registerUser();
    let last = 0;
    for (let i = 0; i < 121 && last !== 429; i++) {
      const res = await callMultipart(
        upload,
        { file: file(PNG, 'a.png'), type: 'image' },
        { token: dev.token },
      );
      last = res.status;
    }
    expect(last).toBe(429);
  });
});
