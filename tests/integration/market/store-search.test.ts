import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { POST as center } from '@/app/api/market/center/route';
import { getDb } from '@/server/db/client';
import { storeChanged } from '@/server/market/store/cache';
import { registerUser } from '../../support/factories';
import { callApi, registerAdmin, releaseItem } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

type List = { list: { id: number; name: string }[]; search_count: number };

const search = (name: string, type = 'plugins', sortBy = '') =>
  callApi<List>(center, { form: { name, type, sortBy }, lang: 'zh-cn' });

describe('the store search, in Chinese and mixed with Latin words', () => {
  it('finds two-word Chinese queries with the words apart or reordered, most relevant first', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const release = (name: string, describe: string, kind: 'plugin' | 'theme' = 'plugin') =>
      releaseItem(dev, admin, { kind, overrides: { name, describe } });
    const exact = await release('熊猫竹林采集', '自动入库');
    const apart = await release('竹林里的熊猫', '高清图片');
    const inText = await release('资源助手', '一键采集熊猫竹林的资源');
    await release('熊猫播放器', '在线观看'); // one word of two: not a match
    const plug = await release('好用的插件', 'A helpful thing');
    const theme = await release('熊猫竹林模板', '响应式', 'theme');

    const found = await search('熊猫竹林');
    expect(found.code).toBe(1);
    expect(found.info.list.map((i) => i.id)).toEqual([exact.id, apart.id, inText.id]);
    expect(found.info.search_count).toBe(3);
    // The words as separate words, and in the other order, find the same items.
    expect((await search('竹林 熊猫')).info.list.map((i) => i.id).sort()).toEqual(
      [exact.id, apart.id, inText.id].sort(),
    );
    // The segmenter splits 插件 into two characters; the item is found anyway.
    expect((await search('插件')).info.list.map((i) => i.id)).toEqual([plug.id]);
    // Relevance first, then the order asked for among equals; the theme is searched in the themes.
    expect((await search('熊猫竹林', 'plugins', 'name')).info.list[0]?.id).toBe(exact.id);
    expect((await search('熊猫竹林', 'theme')).info.list.map((i) => i.id)).toEqual([theme.id]);
  }, 120_000);

  it('mixes Chinese and Latin words, matches Latin inside longer words, ignores case and width', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const item = await releaseItem(dev, admin, {
      overrides: { name: 'MacCMS 弹幕Player', describe: '支持苹果CMS的弹幕插件' },
    });
    for (const q of ['弹幕 player', 'ＰＬＡＹ 弹幕', '苹果cms 弹幕', 'maccms']) {
      const res = await search(q);
      expect(
        res.info.list.map((i) => i.id),
        q,
      ).toEqual([item.id]);
    }
    expect((await search('弹幕 nothing')).info.search_count).toBe(0);
    expect((await search('!!!')).info.search_count).toBe(0);
  });

  it('finds items written without search tokens, such as rows from before they existed', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const item = await releaseItem(dev, admin, { overrides: { name: 'Plain', describe: 'Plain' } });
    const db = await getDb();
    await db.execute(sql`
      update market_app_versions set name = '海豚字幕工具', name_tokens = null, text_tokens = null
      where app_id = ${item.id}`);
    await storeChanged();
    expect((await search('字幕海豚')).info.list.map((i) => i.id)).toEqual([item.id]);
  });
});
