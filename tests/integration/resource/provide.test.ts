import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as provideByPath } from '@/app/resource-api/provide/vod/[...params]/route';
import { parseCollection } from '@/server/resource/format/parse';
import { importCollection } from '@/server/resource/import-collection';
import { registerUser } from '../../support/factories';
import { getProvide, insertStation } from './helpers';

// Every name carries a tag and every query filters on it: the PostgreSQL pass shares one database.
const tag = `t${randomUUID().slice(0, 8)}`;
const entry = (id: number, name: string, type_name: string, extra: Record<string, string> = {}) => ({
  vod_id: id,
  type_id: 1,
  type_name,
  vod_name: `${name} ${tag}`,
  vod_year: '2024',
  vod_play_from: 'm3u8',
  vod_play_url: `第01集$https://v.example.com/${id}.m3u8`,
  ...extra,
});

beforeAll(async () => {
  const dev = await registerUser();
  const approved = await insertStation(dev.user.user_id, `https://approved.example.com/${tag}`);
  const hidden = await insertStation(dev.user.user_id, `https://hidden.example.com/${tag}`, 0);
  const list = [
    ...Array.from({ length: 23 }, (_, i) => entry(i + 1, `电影 ${i + 1}`, '动作片')),
    entry(24, '<script>alert("x")</script>Evil ]]> & "title"', '国产剧', {
      vod_content: '<img src=x onerror=alert(1)>简介',
    }),
    entry(25, '纪录 地球', '纪录片', { vod_year: '2019' }),
  ];
  const old = new Date(Date.now() - 48 * 3_600_000);
  await importCollection({
    station: approved,
    body: JSON.stringify({ code: 1, list: list.slice(0, 10) }),
    now: old,
  });
  await importCollection({
    station: approved,
    body: JSON.stringify({ code: 1, list: list.slice(10) }),
    now: new Date(),
  });
  await importCollection({
    station: hidden,
    body: JSON.stringify({ code: 1, list: [entry(99, `未审核站的视频 ${tag}`, '动作片')] }),
    now: new Date(),
  });
});

describe('GET /resource-api/provide/vod', () => {
  it('answers ac=list in the collection format: class[], limit as a string, paging, short caching', async () => {
    const { response, text } = await getProvide(`ac=list&wd=${tag}`);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toMatch(/max-age=60/);
    const raw = JSON.parse(text);
    expect(raw).toMatchObject({ code: 1, page: 1, pagecount: 2, limit: '20', total: 25 });
    expect(raw.class.map((c: { type_name: string }) => c.type_name)).toContain('电影');
    expect(raw.list[0]).not.toHaveProperty('vod_play_url');
    const page = parseCollection(text);
    expect(page.list).toHaveLength(20);
    expect(page.skipped).toBe(0);
    expect(page.list.map((v) => v.vod_name)).not.toContain(`未审核站的视频 ${tag}`);
    expect(page.list[0]!.vod_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('answers detail with full records and no class; pg, pagesize (at most 100), t, wd, ids, h, year', async () => {
    const detail = JSON.parse((await getProvide(`ac=videolist&pg=2&wd=${tag}`)).text);
    expect(detail).not.toHaveProperty('class');
    expect(detail.list).toHaveLength(5);
    expect(detail.list[0]).toHaveProperty('vod_play_url');
    expect(JSON.parse((await getProvide('ac=detail&pagesize=500')).text).limit).toBe('100');
    expect(JSON.parse((await getProvide('ac=detail&pagesize=abc&pg=-3')).text)).toMatchObject({
      limit: '20',
      page: 1,
    });
    expect(
      parseCollection((await getProvide(`ac=detail&t=2&wd=${tag}`)).text).list.map((v) => v.type_id),
    ).toEqual([2]);
    expect(parseCollection((await getProvide(`ac=detail&t=6&wd=${tag}`)).text).total).toBe(1);
    expect(
      parseCollection((await getProvide(`ac=detail&wd=${encodeURIComponent(`2 ${tag}`)}`)).text).total,
    ).toBe(3); // 2, 12, 22
    expect(parseCollection((await getProvide('ac=detail&wd=%25')).text).total).toBe(0);
    const all = parseCollection((await getProvide(`ac=list&pagesize=3&wd=${tag}`)).text).list.map((v) =>
      Number(v.vod_id),
    );
    const byIds = parseCollection((await getProvide(`ac=detail&ids=${all[0]},${all[2]},x,2147483646`)).text);
    expect(byIds.list.map((v) => Number(v.vod_id)).sort()).toEqual([all[0], all[2]].sort());
    expect(parseCollection((await getProvide(`ac=detail&h=24&wd=${tag}`)).text).total).toBe(15);
    expect(parseCollection((await getProvide(`ac=detail&year=2019&wd=${tag}`)).text).total).toBe(1);
  });

  it('serves XML with at=xml, valid even with hostile titles', async () => {
    const { response, text } = await getProvide(`ac=detail&at=xml&t=2&wd=${tag}`);
    expect(response.headers.get('content-type')).toContain('application/xml');
    expect(text.startsWith('<?xml')).toBe(true);
    const page = parseCollection(text);
    expect(page.format).toBe('xml');
    expect(page.list[0]!.vod_name).toBe(`Evil ]] & "title" ${tag}`); // markup characters are not stored
    expect(page.list[0]!.vod_content).toBe('简介');
    expect(text).not.toMatch(/<script|<img/i);
    const list = parseCollection((await getProvide(`ac=list&at=xml&wd=${tag}`)).text);
    expect(list).toMatchObject({ total: 25, pagecount: 2, limit: 20 });
    expect(list.classes.length).toBeGreaterThan(5);
  });

  it('names types in the caller language', async () => {
    const raw = JSON.parse((await getProvide(`ac=list&t=2&wd=${tag}`, 'en-us')).text);
    expect(raw.list[0].type_name).toBe('TV series');
  });

  it('refuses a NUL character in any parameter, in the query or the path form, with a 400', async () => {
    for (const query of ['ac=list&wd=%00', 'ac=detail&wd=a%00b', 'ac=list&year=%00', 'a%00=1']) {
      const { response, text } = await getProvide(query, 'en-us');
      expect(response.status, query).toBe(400);
      expect(JSON.parse(text)).toEqual({ code: 0, msg: 'The request contains a NUL character', info: null });
    }
    const request = new Request('http://localhost:3000/resource-api/provide/vod/ac/list/wd/%00');
    const response = await provideByPath(request, {
      params: Promise.resolve({ params: ['ac', 'list', 'wd', '\u0000'] }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).msg).toBe('请求内容包含 NUL 字符');
  });
});
