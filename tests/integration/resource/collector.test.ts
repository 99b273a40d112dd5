import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as audit } from '@/app/api/resource/audit/route';
import { POST as vodAdd } from '@/app/api/resource/vod_add/route';
import { getDb } from '@/server/db/client';
import { resourceStations } from '@/server/db/schema';
import { runIfDue } from '@/server/jobs/scheduler';
import { collectJob } from '@/server/resource/collect-job';
import { collectStation } from '@/server/resource/collect-station';
import { parseCollection } from '@/server/resource/format/parse';
import { callApi } from '../../support/api';
import { registerUser } from '../../support/factories';
import { getProvide, insertStation, registerAdmin, validStation } from './helpers';
import { type Entry, startStationServer } from './station-server';

// Names carry a tag and queries filter on it: the PostgreSQL pass shares one database.
const tag = `c${randomUUID().slice(0, 8)}`;
const ENTRIES: Entry[] = [
  { id: 101, tid: 6, type: '动作片', name: `JSON 电影一 ${tag}` },
  { id: 102, tid: 13, type: '国产剧', name: `JSON 剧集二 ${tag}` },
  { id: 103, tid: 29, type: '日本动漫', name: `JSON 动漫三 ${tag}` },
  { id: 104, tid: 6, type: '动作片', name: `<script>alert(1)</script>JSON 电影四 ${tag}` },
  { id: 105, tid: 0, type: '无分类', name: `不导入 ${tag}` },
];

let station: Awaited<ReturnType<typeof startStationServer>>;
beforeAll(async () => {
  station = await startStationServer(ENTRIES);
});
afterAll(() => station.close());

const stationRow = async (id: number) => {
  const db = await getDb();
  const [row] = await db.select().from(resourceStations).where(eq(resourceStations.id, id));
  return row!;
};

describe('collecting approved stations', () => {
  it('registers, approves and collects a JSON station page by page, then incrementally with h', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const added = await callApi<{
      id: number;
      status: number;
      probe: { ok: boolean; total: number; classes: number; format: string };
    }>(vodAdd, {
      form: {
        ...validStation(`${station.base}/json/provide/vod`),
        type_id: '1',
        support: 'https,m3u8',
      } as Record<string, string>,
      token: dev.token,
    });
    expect(added.code, added.msg).toBe(1);
    expect(added.info).toMatchObject({
      status: 0,
      probe: { ok: true, total: 5, classes: 3, format: 'json' },
    });

    // Nothing is collected before approval.
    await runIfDue(collectJob);
    expect(JSON.parse((await getProvide(`ac=list&wd=${tag}`)).text).total).toBe(0);

    const approved = await callApi(audit, {
      json: { id: added.info.id, status: 1, remarks: '' },
      token: admin.token,
    });
    expect(approved.code, approved.msg).toBe(1);
    station.requests.length = 0;
    expect(await runIfDue(collectJob)).toBe(true); // approval made the job due now

    const pages = station.requests.filter((u) => u.searchParams.get('ac') === 'videolist');
    expect(pages.map((u) => u.searchParams.get('pg'))).toEqual(['1', '2', '3']);
    expect(pages.every((u) => !u.searchParams.has('h'))).toBe(true);

    const list = parseCollection((await getProvide(`ac=detail&wd=${tag}`)).text);
    expect(list.total).toBe(4); // type_id 0 is not imported
    const names = list.list.map((v) => v.vod_name);
    expect(names).toContain(`JSON 电影四 ${tag}`); // the script tag is gone
    expect(names.join()).not.toMatch(/script/);
    const drama = list.list.find((v) => v.vod_name === `JSON 剧集二 ${tag}`)!;
    expect(drama).toMatchObject({
      type_id: 2,
      vod_play_from: 'm3u8',
      vod_play_url: '第01集$https://v.example.com/102.m3u8',
    });
    expect(list.list.find((v) => v.vod_name === `JSON 动漫三 ${tag}`)!.type_id).toBe(4);

    const row = await stationRow(added.info.id);
    expect(row.lastError).toBe('');
    station.requests.length = 0;
    await collectStation({ stationId: row.id, now: new Date(row.lastSuccessAt!.getTime() + 2 * 3_600_000) });
    expect(station.requests[0]!.searchParams.get('h')).toBe('3');
  });

  it('collects an XML station the same way', async () => {
    const dev = await registerUser();
    const row = await insertStation(dev.user.user_id, `${station.base}/xml/provide/vod?at=xml`);
    const result = await collectStation({ stationId: row.id });
    expect(result).toMatchObject({ ok: true, pages: 3, stored: 4 });
    const found = parseCollection(
      (await getProvide(`ac=detail&wd=${encodeURIComponent(`剧集二 ${tag}`)}`)).text,
    );
    expect(found.list.some((v) => v.vod_play_from === 'xmplay' && v.vod_area === '大陆')).toBe(true);
    expect(found.list.every((v) => !v.vod_content.includes('<'))).toBe(true);
  });

  it.each([
    ['/empty', 'empty'],
    ['/badjson', 'invalid_json'],
    ['/badxml', 'invalid_xml'],
    ['/html', 'html'],
    ['/error500', 'http'],
    ['/slow', 'timeout'],
  ])('records %s as %s and backs off, keeping nothing from it', async (path, reason) => {
    const dev = await registerUser();
    const row = await insertStation(dev.user.user_id, `${station.base}${path}`);
    const now = new Date();
    const first = await collectStation({ stationId: row.id, now, fetchOptions: { totalTimeoutMs: 500 } });
    expect(first).toMatchObject({ ok: false, stored: 0, error: reason });
    let saved = await stationRow(row.id);
    expect(saved).toMatchObject({ lastError: reason, errorCount: 1 });
    expect(saved.nextAttemptAt!.getTime() - now.getTime()).toBe(5 * 60_000);
    await collectStation({ stationId: row.id, now, fetchOptions: { totalTimeoutMs: 500 } });
    saved = await stationRow(row.id);
    expect(saved.errorCount).toBe(2);
    expect(saved.nextAttemptAt!.getTime() - now.getTime()).toBe(10 * 60_000);
  });

  it('refuses to register stations that do not answer in the collection format', async () => {
    const dev = await registerUser();
    for (const [path, text] of [
      ['/html', 'it answered with a web page, not collection data'],
      ['/empty', 'it answered with an empty body'],
      ['/badjson', 'it answered with invalid JSON'],
    ]) {
      const res = await callApi(vodAdd, {
        json: validStation(`${station.base}${path}?fresh=1`),
        token: dev.token,
        lang: 'en-us',
      });
      expect(res).toMatchObject({ status: 200, code: 0 });
      expect(res.msg).toBe(`The station address did not pass the check: ${text}`);
    }
  });
});
