import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A collection API (MacCMS provide/vod, JSON) on 127.0.0.1 with the given videos, one page; the
 * e2e server may fetch it (FETCH_ALLOW_PRIVATE=true).
 */
export async function startStation(names: string[]) {
  const list = names.map((vod_name, i) => ({ vod_id: i + 1, type_id: 6, type_name: '动作片', vod_name }));
  const server = http.createServer((req, res) => {
    const detail = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('ac') === 'videolist';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        code: 1,
        page: 1,
        pagecount: 1,
        limit: String(list.length),
        total: list.length,
        list: list.map((v) => ({
          ...v,
          vod_play_from: 'm3u8',
          ...(detail ? { vod_play_url: `HD$https://v.example.com/${v.vod_id}.m3u8` } : {}),
        })),
        ...(detail ? {} : { class: [{ type_id: 6, type_name: '动作片' }] }),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api.php/provide/vod`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
