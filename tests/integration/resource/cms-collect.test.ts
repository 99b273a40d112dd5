import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_PLAYERS } from '@/contract/resource';
import { seedDemo } from '@/server/seed/demo';
import { DEMO_STATION } from '@/server/seed/resource-fixture';
import { php } from '../../support/cms/php';
import { startPortalServer } from '../../support/portal-server';

type Collected = {
  ok: boolean;
  error?: string;
  total: string | number;
  types: string[];
  videos: { name: string; note: string; isend: number; from: string; url: string }[];
  with_play_urls: number;
  dropped_sources: number;
};

/** The CMS's collector (PHP 8: SimpleXML, json_decode, its player filter) against the portal's library. */
let server: Awaited<ReturnType<typeof startPortalServer>>;
beforeAll(async () => {
  server = await startPortalServer();
  await seedDemo();
}, 300_000);
afterAll(() => server?.close());

const stock = STOCK_PLAYERS.join(',');
const collect = (path: string, format: 'xml' | 'json', ac: 'list' | 'videolist', players = stock) =>
  php<Collected>('collect.php', [`${server.origin}${path}`, format, ac, players]);

describe('a stock CMS collects the portal library', () => {
  for (const [label, path, format] of [
    ['JSON', '/resource-api/provide/vod', 'json'],
    ['XML (at=xml)', '/resource-api/provide/vod?at=xml', 'xml'],
    ['XML, path style', '/resource-api/provide/vod/at/xml', 'xml'],
  ] as const) {
    it(`lists types and videos in ${label} without a PHP error`, async () => {
      const list = await collect(path, format, 'list');
      expect(list, list.stderr).toMatchObject({ ok: true });
      expect(list.stderr).toBe('');
      expect(Number(list.total)).toBeGreaterThan(0);
      expect(list.types.length).toBeGreaterThan(0);
    });

    it(`keeps every play address of the demo station in ${label}`, async () => {
      const detail = await collect(path, format, 'videolist');
      expect(detail, detail.stderr).toMatchObject({ ok: true, dropped_sources: 0 });
      expect(detail.with_play_urls).toBe(detail.videos.length);
      expect(detail.videos.every((v) => v.from === DEMO_STATION.playerCode)).toBe(true);
      // A running series stays running in the CMS ("更新至24集"), a finished one finished ("全36集", "HD").
      const ended = Object.fromEntries(detail.videos.map((v) => [v.note, v.isend]));
      expect(ended).toMatchObject({ 更新至24集: 0, 更新至12集: 0, 全36集: 1, HD: 1 });
    });
  }

  it('names the codes the library serves and the player each needs, in ac=list', async () => {
    const res = await fetch(`${server.origin}/resource-api/provide/vod?ac=list`);
    const body = (await res.json()) as { players: unknown[] };
    expect(body.players).toEqual([
      { code: DEMO_STATION.playerCode, stock: true, base: 'dplayer', name: DEMO_STATION.name },
    ]);
  });

  it('answers nothing, not everything, for ids that are not numbers', async () => {
    const body = (await (
      await fetch(`${server.origin}/resource-api/provide/vod?ac=videolist&ids=abc`)
    ).json()) as {
      total: number;
    };
    expect(body.total).toBe(0);
  });

  it('shows what a site without the code loses: the reason the player code is published', async () => {
    const without = await collect('/resource-api/provide/vod', 'json', 'videolist', 'videojs,iframe');
    expect(without.with_play_urls).toBe(0);
    expect(without.dropped_sources).toBe(without.videos.length);
  });
});
