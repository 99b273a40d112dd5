import { describe, expect, it } from 'vitest';
import { parseCollection } from './parse';
import { parseCollectionOffLoop } from './parse-off-loop';
import type { Collection } from './types';

const json = JSON.stringify({
  code: 1,
  msg: '数据列表',
  page: 1,
  pagecount: 1,
  limit: '20',
  total: 1,
  list: [
    { vod_id: 7, vod_name: '流浪地球', type_id: 6, type_name: '动作片', vod_time: '2026-11-20 10:00:00' },
  ],
  class: [{ type_id: 6, type_name: '动作片' }],
});
const xml = `<?xml version="1.0" encoding="utf-8"?><rss version="5.1"><list page="1" pagecount="1" pagesize="20" recordcount="1"><video><last>2026-11-20 10:00:00</last><id>7</id><tid>6</tid><name><![CDATA[流浪地球]]></name><type>动作片</type></video></list><class><ty id="6">动作片</ty></class></rss>`;

const outcome = async (read: () => Collection | Promise<Collection>) => {
  try {
    return { page: await read() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
};

/** What a station built to cost the XML reader CPU answers: one tag with 300,000 attributes (3.5 MB). */
const hostileXml = () => `<rss ${Array.from({ length: 300_000 }, (_, i) => `a${i}="1"`).join(' ')}></rss>`;

describe('station answers read on their own thread', () => {
  it('answers what the reader answers in process: pages, and the same refusals', async () => {
    const bodies = [
      json,
      xml,
      Buffer.from(json),
      '',
      '<!DOCTYPE html><html><body>502</body></html>',
      '{"code":1,"list":[{"vod_id":1,',
      '<?xml version="1.0"?><rss><list><video></list>',
      '[1,2]',
    ];
    const read = [];
    for (const body of bodies) {
      const there = await outcome(() => parseCollectionOffLoop(body));
      expect(there).toEqual(await outcome(() => parseCollection(body)));
      read.push(there.page ? `${there.page.format}:${there.page.list.length}` : there.error?.split(':')[1]);
    }
    expect(read).toEqual([
      'json:1',
      'xml:1',
      'json:1',
      ' empty',
      ' html',
      ' invalid_json',
      ' invalid_xml',
      ' not_collection',
    ]);
  });

  it('keeps the event loop turning while a hostile answer is read', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const read = await outcome(() => parseCollectionOffLoop(hostileXml())).finally(() =>
      clearInterval(timer),
    );
    expect(read.page?.list).toEqual([]);
    // Read in process, this answer holds the loop for a second or more and no tick would fire.
    expect(ticks).toBeGreaterThanOrEqual(10);
  });
});
