import { describe, expect, it } from 'vitest';
import { parseCollection } from '@/server/resource/format/parse';
import { toJson, toXml } from '@/server/resource/format/serialize';
import type { CollectionError, VodItem } from '@/server/resource/format/types';
import { cleanText, mapType, normalisePlay } from '@/server/resource/normalize';

const reasonOf = (body: string) => {
  try {
    parseCollection(body);
    return 'parsed';
  } catch (error) {
    return (error as CollectionError).reason;
  }
};

const item = (over: Partial<VodItem> = {}): VodItem => ({
  vod_id: '7',
  type_id: 1,
  type_name: '电影',
  vod_name: '流浪地球',
  vod_en: 'liulangdiqiu',
  vod_time: '2026-11-20 10:00:00',
  vod_remarks: 'HD',
  vod_pic: 'https://img.example.com/a.jpg',
  vod_actor: '吴京',
  vod_director: '郭帆',
  vod_area: '大陆',
  vod_lang: '国语',
  vod_year: '2019',
  vod_content: '简介',
  vod_play_from: 'm3u8$$$mp4',
  vod_play_url:
    '第01集$https://v.example.com/1.m3u8#第02集$https://v.example.com/2.m3u8$$$正片$https://v.example.com/1.mp4',
  ...over,
});

describe('the collection format, read by the CMS collector rules', () => {
  it('refuses an empty body, invalid JSON or XML, and an HTML error page', () => {
    expect(reasonOf('')).toBe('empty');
    expect(reasonOf('   \n')).toBe('empty');
    expect(reasonOf('{"code":1,"list":[')).toBe('invalid_json');
    expect(reasonOf('<?xml version="1.0"?><rss><list><video></list>')).toBe('invalid_xml');
    expect(reasonOf('<!DOCTYPE html><html><body>502</body></html>')).toBe('html');
    expect(reasonOf('<html><head></head></html>')).toBe('html');
    expect(reasonOf('Service Unavailable')).toBe('invalid_json');
    expect(reasonOf('{"hello":"world"}')).toBe('not_collection');
    expect(reasonOf('<?xml version="1.0"?><feed></feed>')).toBe('not_collection');
    expect(reasonOf('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><rss/>')).toBe('invalid_xml');
  });

  it('imports only entries with a non-zero type_id and a non-empty vod_name', () => {
    const body = JSON.stringify({
      code: 1,
      page: '1',
      pagecount: '3',
      limit: '20',
      total: '45',
      list: [item(), item({ vod_id: '8', type_id: 0 }), item({ vod_id: '9', vod_name: ' ' }), 'junk'],
      class: [
        { type_id: '1', type_name: '电影' },
        { type_id: 0, type_name: 'x' },
      ],
    });
    const page = parseCollection(body);
    expect(page).toMatchObject({ format: 'json', page: 1, pagecount: 3, limit: 20, total: 45, skipped: 3 });
    expect(page.list.map((i) => i.vod_id)).toEqual(['7']);
    expect(page.classes).toEqual([{ type_id: 1, type_name: '电影', type_pid: 0 }]);
  });

  it('reads the XML dialect: list attributes, videos, play sources and classes', () => {
    const page = parseCollection(
      toXml(
        {
          page: 2,
          pagecount: 5,
          limit: 20,
          total: 90,
          list: [item()],
          classes: [{ type_id: 1, type_name: '电影', type_pid: 0 }],
        },
        'detail',
      ),
    );
    expect(page).toMatchObject({ format: 'xml', page: 2, pagecount: 5, limit: 20, total: 90 });
    expect(page.list[0]).toMatchObject({
      vod_id: '7',
      type_id: 1,
      vod_name: '流浪地球',
      vod_play_from: 'm3u8$$$mp4',
      vod_actor: '吴京',
    });
    expect(page.list[0]!.vod_play_url).toBe(item().vod_play_url);
    expect(page.classes).toHaveLength(1);
  });

  it('writes JSON with limit as a string, class only in list mode', () => {
    const page = {
      page: 1,
      pagecount: 1,
      limit: 20,
      total: 1,
      list: [item()],
      classes: [{ type_id: 1, type_name: '电影', type_pid: 0 }],
    };
    const list = toJson(page, 'list', 'ok');
    expect(list.limit).toBe('20');
    expect(list.class).toHaveLength(1);
    expect(Object.keys(list.list[0]!).sort()).toEqual(
      [
        'type_id',
        'type_name',
        'vod_en',
        'vod_id',
        'vod_name',
        'vod_play_from',
        'vod_remarks',
        'vod_time',
      ].sort(),
    );
    const detail = toJson(page, 'detail', 'ok');
    expect(detail).not.toHaveProperty('class');
    expect(detail.list[0]).toMatchObject({ vod_id: 7, vod_play_url: item().vod_play_url });
  });

  it('keeps hostile text inert in XML (CDATA breakers, control characters)', () => {
    const evil = item({ vod_name: 'a]]><script>alert(1)</script>\u0001b', vod_play_from: 'x"><y' });
    const xml = toXml({ page: 1, pagecount: 1, limit: 20, total: 1, list: [evil], classes: [] }, 'detail');
    expect(xml).not.toContain('<script>alert(1)</script>\u0001');
    const back = parseCollection(xml);
    expect(back.list[0]!.vod_name).toBe('a]]><script>alert(1)</script>b');
  });
});

describe('normalising collected entries', () => {
  it('drops markup and script bodies from text', () => {
    expect(cleanText('<script>alert(1)</script>Movie <b>HD</b>', 100)).toBe('Movie HD');
    expect(cleanText('<img src=x onerror=alert(1)>Name', 100)).toBe('Name');
    expect(cleanText('a &lt;b&gt; &amp; c', 100)).toBe('a &lt;b&gt; & c');
  });

  it('keeps only http(s) episodes, labels missing ones, drops empty sources', () => {
    const play = normalisePlay(
      'm3u8$$$bad$$$<x>',
      'https://a/1.m3u8#javascript:alert(1)#第2集$https://a/2.m3u8$$$$$$正片$ftp://x',
      'dplayer',
    );
    expect(play.from).toBe('m3u8');
    expect(play.url).toBe('第01集$https://a/1.m3u8#第2集$https://a/2.m3u8');
    expect(normalisePlay('', 'EP$https://a/1.mp4', 'dplayer')).toEqual({
      from: 'dplayer',
      url: 'EP$https://a/1.mp4',
    });
  });

  it('maps remote categories onto the portal types', () => {
    expect(mapType('动作片', 9)).toBe(1);
    expect(mapType('国产剧', 9)).toBe(2);
    expect(mapType('大陆综艺', 9)).toBe(3);
    expect(mapType('日本动漫', 9)).toBe(4);
    expect(mapType('爽文短剧', 9)).toBe(5);
    expect(mapType('纪录片', 9)).toBe(6);
    expect(mapType('足球', 9)).toBe(9);
    expect(mapType('体育赛事', 9)).toBe(7);
  });
});
