import http from 'node:http';
import type { AddressInfo } from 'node:net';

// Outbound fetches in these tests go to 127.0.0.1 only.
process.env.FETCH_ALLOW_PRIVATE = 'true';

export type Entry = { id: number; tid: number; type: string; name: string; url?: string; time?: string };

export const CLASSES = [
  { type_id: 6, type_name: '动作片' },
  { type_id: 13, type_name: '国产剧' },
  { type_id: 29, type_name: '日本动漫' },
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function jsonPage(entries: Entry[], pg: number, pagecount: number, total: number, list: boolean) {
  return JSON.stringify({
    code: 1,
    msg: '数据列表',
    page: pg,
    pagecount,
    limit: '2',
    total,
    list: entries.map((e) => ({
      vod_id: e.id,
      type_id: e.tid,
      type_name: e.type,
      vod_name: e.name,
      vod_time: e.time ?? '2026-11-20 10:00:00',
      vod_remarks: 'HD',
      vod_play_from: 'm3u8',
      ...(list
        ? {}
        : {
            vod_pic: 'https://img.example.com/a.jpg',
            vod_play_url: e.url ?? `第01集$https://v.example.com/${e.id}.m3u8`,
          }),
    })),
    ...(list ? { class: CLASSES } : {}),
  });
}

function xmlPage(entries: Entry[], pg: number, pagecount: number, total: number) {
  const videos = entries
    .map(
      (e) =>
        `<video><last>${e.time ?? '2026-11-20 10:00:00'}</last><id>${e.id}</id><tid>${e.tid}</tid><name><![CDATA[${e.name}]]></name><type>${esc(e.type)}</type><pic>https://img.example.com/x.jpg</pic><lang>国语</lang><area>大陆</area><year>2026</year><state>0</state><note><![CDATA[更新至10集]]></note><actor><![CDATA[张三]]></actor><director><![CDATA[李四]]></director><dl><dd flag="xmplay"><![CDATA[${e.url ?? `第01集$https://v.example.com/${e.id}.m3u8`}]]></dd></dl><des><![CDATA[<p>简介</p>]]></des></video>`,
    )
    .join('');
  const classes = CLASSES.map((c) => `<ty id="${c.type_id}">${c.type_name}</ty>`).join('');
  return `<?xml version="1.0" encoding="utf-8"?><rss version="5.1"><list page="${pg}" pagecount="${pagecount}" pagesize="2" recordcount="${total}">${videos}</list><class>${classes}</class></rss>`;
}

/**
 * A collection server on 127.0.0.1: `/json/...` and `/xml/...` serve `entries` two per page;
 * `/empty`, `/badjson`, `/badxml`, `/html`, `/slow` answer the ways a broken station does.
 * The first request `holdFirst` matches is left unanswered (its collector stops there, as a node
 * that died would) until `dropHeld` closes its connection; `held` resolves once it arrived.
 */
export async function startStationServer(entries: Entry[], holdFirst?: (url: URL) => boolean) {
  const requests: URL[] = [];
  let dropHeld = () => {};
  let arrived = () => {};
  const held = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  let holding = Boolean(holdFirst);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    if (holding && holdFirst?.(url)) {
      holding = false;
      dropHeld = () => req.socket.destroy();
      arrived();
      return;
    }
    const pg = Math.max(1, Number(url.searchParams.get('pg') ?? 1));
    const pagecount = Math.ceil(entries.length / 2);
    const slice = entries.slice((pg - 1) * 2, pg * 2);
    const list = url.searchParams.get('ac') !== 'videolist' && url.searchParams.get('ac') !== 'detail';
    const path = url.pathname;
    if (path.startsWith('/json')) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(jsonPage(slice, pg, pagecount, entries.length, list));
    } else if (path.startsWith('/xml')) {
      res.writeHead(200, { 'content-type': 'text/xml' }).end(xmlPage(slice, pg, pagecount, entries.length));
    } else if (path === '/empty') res.writeHead(200).end('');
    else if (path === '/badjson') res.writeHead(200).end('{"code":1,"list":[{"vod_id":1,');
    else if (path === '/badxml') res.writeHead(200).end('<?xml version="1.0"?><rss><list><video></list>');
    else if (path === '/html')
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>');
    else if (path === '/error500') res.writeHead(500).end('{"code":1,"list":[]}');
    else if (path === '/slow')
      setTimeout(() => res.end(jsonPage(slice, pg, pagecount, entries.length, list)), 3_000);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    held,
    dropHeld: () => dropHeld(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
