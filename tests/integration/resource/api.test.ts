import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as audit } from '@/app/api/resource/audit/route';
import { POST as getType } from '@/app/api/resource/get_type/route';
import { POST as list } from '@/app/api/resource/list/route';
import { POST as probe } from '@/app/api/resource/probe/route';
import { POST as vodAdd } from '@/app/api/resource/vod_add/route';
import { resourceList } from '@/contract/api/resource';
import { PROBES_PER_MINUTE } from '@/contract/resource';
import { callApi, randomIp, withinOneWindow } from '../../support/api';
import { registerUser } from '../../support/factories';
import { registerAdmin, validStation } from './helpers';
import { startStationServer } from './station-server';

let station: Awaited<ReturnType<typeof startStationServer>>;
beforeAll(async () => {
  station = await startStationServer([{ id: 1, tid: 6, type: '动作片', name: 'A' }]);
});
afterAll(() => station.close());

type Listed = {
  list: { id: number; status: number; remarks: string; add_time_text: string; probe: { ok: boolean } }[];
  total: number;
};

describe('resource API', () => {
  it('get_type answers info.list in the caller language', async () => {
    const zh = await callApi<{ list: { type_id: number; type_name: string }[] }>(getType, { form: {} });
    expect(zh.info.list[0]).toEqual({ type_id: 1, type_name: '电影', type_pid: 0 });
    const en = await callApi<{ list: { type_name: string }[] }>(getType, { form: {}, lang: 'en-us' });
    expect(en.info.list.map((t) => t.type_name)).toContain('TV series');
  });

  it('vod_add and probe need a login: "Please login first"', async () => {
    const res = await callApi(vodAdd, { form: validStation(`${station.base}/json`) as never, lang: 'en-us' });
    expect(res).toMatchObject({ status: 401, code: 0, msg: 'Please login first' });
    expect((await callApi(probe, { json: { api_url: 'https://x.example.com' } })).status).toBe(401);
  });

  it('validates every field with a translated message', async () => {
    const dev = await registerUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Please enter the station name'],
      [{ api_url: 'not a url' }, 'Please enter a web address starting with http:// or https://'],
      [{ api_url: 'javascript:alert(1)' }, 'Please enter a web address starting with http:// or https://'],
      [{ support: [] }, 'Please choose the resource support'],
      [{ support: ['flash'] }, 'Please choose the resource support'],
      [{ toll: '5' }, 'Please choose charge or free'],
      [{ describe: '' }, 'Please enter the description'],
      [{ name: '<script>x</script>' }, 'The characters < and > are not allowed'],
      [{ type_id: 999 }, 'This category does not exist'],
    ];
    for (const [over, msg] of cases) {
      const res = await callApi(vodAdd, {
        json: validStation(`${station.base}/json`, over),
        token: dev.token,
        lang: 'en-us',
      });
      expect([res.code, res.msg]).toEqual([0, msg]);
    }
  });

  it('refuses private addresses unless the test setting is on', async () => {
    const dev = await registerUser();
    process.env.FETCH_ALLOW_PRIVATE = 'false';
    const { probeStation } = await import('@/server/resource/probe-station');
    const refused = await probeStation({
      apiUrl: `${station.base}/json`,
      locale: 'en-us',
      fetchOptions: { policy: { allowPrivate: false, extraPorts: [] } },
    });
    expect(refused).toMatchObject({ ok: false, reason: 'private_address' });
    const metadata = await callApi<{ ok: boolean; error: string }>(probe, {
      json: { api_url: 'http://169.254.169.254/latest/meta-data/' },
      token: dev.token,
      lang: 'en-us',
    });
    expect(metadata.info).toMatchObject({
      ok: false,
      error: 'private and local network addresses are not allowed',
    });
  });

  it('probes only for verified accounts, and as often a minute as the limit says, per account and per address', async () => {
    const unverified = await registerUser({ verified: false });
    const refused = await callApi(probe, {
      json: { api_url: `${station.base}/json` },
      token: unverified.token,
      lang: 'en-us',
    });
    expect([refused.code, refused.msg]).toEqual([0, expect.stringMatching(/verif/i)]);

    const ip = randomIp();
    const dev = await registerUser();
    const other = await registerUser();
    const metadata = { api_url: 'http://169.254.169.254/latest/meta-data/' };
    // The window is fixed (60 s): the calls below must not straddle its end, or the count starts again.
    await withinOneWindow(PROBES_PER_MINUTE.windowSeconds, 30);
    for (let i = 0; i < PROBES_PER_MINUTE.limit; i++)
      expect((await callApi(probe, { json: metadata, token: dev.token, ip })).status, `probe ${i + 1}`).toBe(
        200,
      );
    const over = await callApi(probe, { json: metadata, token: dev.token, ip: randomIp(), lang: 'en-us' });
    expect(over.status).toBe(429);
    expect(over.msg).toMatch(/try again in \d+ seconds/);
    // Submitting probes too, so it draws on the same budget.
    expect(
      (await callApi(vodAdd, { json: validStation(`${station.base}/json/c`), token: dev.token })).status,
    ).toBe(429);
    // Another account from the same address has nothing left either; from elsewhere it probes.
    expect((await callApi(probe, { json: metadata, token: other.token, ip })).status).toBe(429);
    expect((await callApi(probe, { json: metadata, token: other.token })).status).toBe(200);
  });

  it('probes a station: format, counts and speed', async () => {
    const dev = await registerUser();
    const res = await callApi<{ ok: boolean; format: string; total: number; classes: number; ms: number }>(
      probe,
      {
        json: { api_url: `${station.base}/xml/provide/vod?at=xml` },
        token: dev.token,
      },
    );
    expect(res.info).toMatchObject({ ok: true, format: 'xml', total: 1, classes: 3 });
    expect(res.info.ms).toBeGreaterThanOrEqual(0);
  });

  it('lists the developer stations; administrators review all, approve or reject with remarks', async () => {
    const dev = await registerUser();
    const other = await registerUser();
    const admin = await registerAdmin();
    const added = await callApi<{ id: number }>(vodAdd, {
      json: validStation(`${station.base}/json/a`),
      token: dev.token,
    });
    expect(added.msg).toBe('提交成功');
    await callApi(vodAdd, { json: validStation(`${station.base}/json/b`), token: other.token });
    const dup = await callApi(vodAdd, {
      json: validStation(`${station.base}/json/a`),
      token: other.token,
      lang: 'en-us',
    });
    expect(dup.msg).toBe('This station address has already been submitted');

    const mine = await callApi<Listed>(list, { json: {}, token: dev.token });
    expect(mine.info.total).toBe(1);
    expect(mine.info.list[0]).toMatchObject({ id: added.info.id, status: 0, probe: { ok: true } });
    expect(mine.info.list[0]!.add_time_text).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // The answer is what the operation declares; one that lost the review state would fail its check.
    expect(resourceList.output.safeParse(mine.info).success).toBe(true);
    const { status: _status, ...lost } = mine.info.list[0]!;
    expect(resourceList.output.safeParse({ ...mine.info, list: [lost] }).success).toBe(false);

    expect((await callApi(list, { json: { scope: 'all' }, token: dev.token })).status).toBe(403);
    expect((await callApi(audit, { json: { id: added.info.id, status: 1 }, token: dev.token })).status).toBe(
      403,
    );
    const all = await callApi<Listed>(list, { json: { scope: 'all', status: 0 }, token: admin.token });
    expect(all.info.total).toBeGreaterThanOrEqual(2);

    const noRemarks = await callApi(audit, {
      json: { id: added.info.id, status: 2 },
      token: admin.token,
      lang: 'en-us',
    });
    expect(noRemarks.msg).toBe('Please give remarks when rejecting');
    const rejected = await callApi(audit, {
      form: { id: String(added.info.id), status: '2', remarks: '地址无法播放' },
      token: admin.token,
    });
    expect(rejected.code).toBe(1);
    const after = await callApi<Listed>(list, { json: {}, token: dev.token });
    expect(after.info.list[0]).toMatchObject({ status: 2, remarks: '地址无法播放' });
    const missing = await callApi(audit, {
      json: { id: 999999, status: 1 },
      token: admin.token,
      lang: 'en-us',
    });
    expect(missing.msg).toBe('Station not found');
  });
});
