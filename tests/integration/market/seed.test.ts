import { unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { POST as authCodes } from '@/app/api/developer/auth_codes/route';
import { POST as devCenter } from '@/app/api/developer/center/route';
import { GET as serveFile } from '@/app/api/developer/file/[...key]/route';
import { POST as center } from '@/app/api/market/center/route';
import { POST as pluginDetail } from '@/app/api/market_plugins/detail/route';
import { POST as pluginDownload } from '@/app/api/market_plugins/plugins_download/route';
import { POST as login } from '@/app/api/user/login/route';
import type { LicenceList } from '@/contract/licence';
import { seedDemo } from '@/server/seed/demo';
import { DEMO_ITEMS } from '@/server/seed/market-items';
import { callApi } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

type Item = {
  id: number;
  name: string;
  toll: number;
  user_id: number;
  download_num: number;
  pc_image: string;
};

describe('market demo content', () => {
  it('releases free and paid items of several developers through the services, once', async () => {
    await seedDemo();
    await seedDemo(); // a second start adds nothing
    const list = async (type: string) =>
      (await callApi<{ list: Item[]; search_count: number }>(center, { form: { type, limit: '50' } })).info;
    const plugins = await list('plugins');
    const themes = await list('theme');
    const released = DEMO_ITEMS.filter((i) => !i.end || (typeof i.end === 'object' && 'update' in i.end));
    expect(plugins.search_count + themes.search_count).toBe(released.length);
    const all = [...plugins.list, ...themes.list];
    expect(new Set(all.map((i) => i.user_id)).size).toBeGreaterThan(1);
    expect(new Set(all.map((i) => i.toll))).toEqual(new Set([0, 1]));
    expect(all.every((i) => i.pc_image.endsWith('.png'))).toBe(true);
    expect(all.filter((i) => i.download_num > 0).length).toBe(released.length);

    const danmaku = plugins.list.find((i) => i.name.includes('Danmaku'))!;
    const detail = await callApi<{
      version_history: string[];
      versions: { version: string; changelog: string }[];
    }>(pluginDetail, { form: { id: String(danmaku.id) } });
    expect(detail.info.version_history).toEqual(['1.0.0', '1.1.0', '1.2.0']);
    // Each released version carries what changed in it, for the item page.
    expect(detail.info.versions.find((v) => v.version === '1.2.0')?.changelog).toContain(
      'long comments no longer overflow on phones',
    );

    // What the CMS installs is a real package laid out as it expects.
    const got = await callApi<{ source: string; file_name: string }>(pluginDownload, {
      form: { id: String(danmaku.id), type: 'plugins' },
    });
    expect(got.info.file_name).toBe('danmaku.zip');
    const key = new URL(got.info.source).pathname.replace('/api/developer/file/', '').split('/');
    const zip = await serveFile(new Request(got.info.source), { params: Promise.resolve({ key }) });
    expect(Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer())))).toContain('Danmaku.php');

    // The developer's centre shows the figures and a queue.
    const session = await callApi<{ token: string }>(login, {
      json: { email: 'developer@example.com', password: 'dev12345' },
    });
    const dev = await callApi<{
      data_overview: { download_total: number; plugin: { failed: number }; theme: { review: number } };
      download_score: { series: { data: number[] }[] };
    }>(devCenter, { token: session.info.token });
    expect(dev.info.data_overview.download_total).toBeGreaterThan(100);
    expect(dev.info.data_overview.plugin.failed).toBe(1);
    expect(dev.info.data_overview.theme.review).toBe(1);
    expect(dev.info.download_score.series.some((s) => s.data.filter((n) => n > 0).length > 20)).toBe(true);

    // A paid item shows licence management in use: a note for buyers, codes redeemed, limited, revoked.
    const paid = plugins.list.find((i) => i.name === 'SEO Pro')!;
    const codes = await callApi<LicenceList>(authCodes, { json: { id: paid.id }, token: session.info.token });
    expect(codes.info.how_to_buy).not.toBe('');
    expect(codes.info.list.map((c) => c.status).sort()).toEqual(['active', 'full', 'revoked']);
    expect(codes.info.list.flatMap((c) => c.sites.map((site) => site.host))).toContain(
      'www.demo-video.example',
    );
    const paidDetail = await callApi<{ how_to_buy: string }>(pluginDetail, { form: { id: String(paid.id) } });
    expect(paidDetail.info.how_to_buy).toBe(codes.info.how_to_buy);
  });
});
