import { describe, expect, it, vi } from 'vitest';
import { POST as authCodes } from '@/app/api/developer/auth_codes/route';
import { POST as center } from '@/app/api/developer/center/route';
import { POST as getAuthCode } from '@/app/api/developer/get_auth_code/route';
import { POST as pluginDownload } from '@/app/api/market_plugins/plugins_download/route';
import { POST as pluginVerify } from '@/app/api/market_plugins/verify_auth_code/route';
import { POST as themeVerify } from '@/app/api/market_theme/verify_auth_code/route';
import { AUTH_CODE_LIMIT } from '@/contract/market';
import { STORE_LIMITS } from '@/contract/store';
import { withinOneWindow } from '../../support/api';
import { registerUser } from '../../support/factories';
import { callApi, registerAdmin, releaseItem, submitPlugin } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

const codeFor = async (token: string, id: number) =>
  (await callApi<{ code: string }>(getAuthCode, { json: { id }, token })).info.code;

describe('licence codes from the CMS', () => {
  it('verifies a code sent as license and code, in any letter case, for that item only', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const paid = await releaseItem(dev, admin, { overrides: { toll: '1' } });
    const other = await releaseItem(dev, admin, { overrides: { toll: '1' } });
    const code = await codeFor(dev.token, paid.id);

    const ok = await callApi(pluginVerify, {
      form: { id: String(paid.id), type: 'plugins', license: code.toLowerCase(), code: code.toLowerCase() },
      lang: 'zh-cn',
    });
    expect(ok).toMatchObject({ status: 200, code: 1 });
    const codes = await callApi<{ list: { code: string; uses: number }[] }>(authCodes, {
      json: { id: paid.id },
      token: dev.token,
    });
    expect(codes.info.list.find((c) => c.code === code)?.uses).toBe(1);
    const elsewhere = await callApi(pluginVerify, {
      form: { id: String(other.id), type: 'plugins', license: code, code },
      lang: 'en-us',
    });
    expect(elsewhere).toMatchObject({
      status: 200,
      code: 0,
      msg: 'The authorization code is not valid for this item',
    });
    const missing = await callApi(themeVerify, {
      form: { id: String(paid.id), type: 'plugins' },
      lang: 'en-us',
    });
    expect(missing).toMatchObject({ status: 200, code: 0 });
    // An item under review has no public licence check.
    const pending = await submitPlugin(dev.token, { toll: '1' });
    const hidden = await callApi(pluginVerify, {
      form: { id: String(pending.id), license: code, code },
      lang: 'en-us',
    });
    expect(hidden).toMatchObject({ code: 0, msg: 'This item does not exist or is not released' });
  });

  it('refuses further tries from an address after ten wrong codes, even a right one', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id } = await releaseItem(dev, admin, { overrides: { toll: '1' } });
    const code = await codeFor(dev.token, id);
    const ip = '10.99.0.1';
    for (let i = 0; i < 10; i += 1) {
      const res = await callApi(pluginVerify, {
        form: { id: String(id), code: `WRONG-${i}` },
        ip,
        lang: 'en-us',
      });
      expect(res.msg).toBe('The authorization code is not valid for this item');
    }
    const blocked = await callApi(pluginDownload, { form: { id: String(id), code }, ip, lang: 'en-us' });
    expect(blocked).toMatchObject({ status: 200, code: 0 });
    // The wait is what is left of the 15-minute window, in minutes for people and seconds for programs.
    const minutes = Number(
      blocked.msg.match(/^Too many wrong authorization codes: please try again in (\d+) minutes$/)?.[1],
    );
    expect(minutes).toBeGreaterThan(0);
    expect(minutes).toBeLessThanOrEqual(15);
    const wait = Number(blocked.response.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(Math.ceil(wait / 60)).toBe(minutes);
    // The verify call refuses too, in the CMS's words, for that item only.
    const again = await callApi(pluginVerify, { form: { id: String(id), code }, ip, lang: 'zh-cn' });
    expect(again.msg).toBe(`授权码错误次数过多，请 ${minutes} 分钟后再试`);
    const elsewhere = await callApi(pluginDownload, { form: { id: String(id), code }, ip: '10.99.0.2' });
    expect(elsewhere.code).toBe(1);
    // A right code counts nothing: the answer still says all ten tries are left for that address.
    expect(elsewhere.response.headers.get('ratelimit-remaining')).toBe('10');
  });
});

describe('download statistics in the developer centre', () => {
  type Center = {
    data_overview: { download_total: number; download_unique: number; download_today: number };
    download_score: {
      days: string[];
      series: { id: number; version: string; data: number[]; unique: number[] }[];
    };
    review_plugins_list: { id: number; today: number; total: number }[];
  };

  it('shows every call, the unique clients, today’s top items and a per-version series', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const busy = await releaseItem(dev, admin);
    const quiet = await releaseItem(dev, admin);
    for (const ip of ['10.1.0.1', '10.1.0.1', '10.1.0.2'])
      await callApi(pluginDownload, { form: { id: String(busy.id) }, ip });
    await callApi(pluginDownload, { form: { id: String(quiet.id) }, ip: '10.1.0.3' });

    const res = await callApi<Center>(center, { token: dev.token });
    expect(res.info.data_overview).toMatchObject({
      download_total: 4,
      download_unique: 3,
      download_today: 4,
    });
    expect(res.info.review_plugins_list.map((i) => [i.id, i.today, i.total])).toEqual([
      [busy.id, 3, 2],
      [quiet.id, 1, 1],
    ]);
    const { days, series } = res.info.download_score;
    expect(days).toHaveLength(30);
    const line = series.find((s) => s.id === busy.id);
    expect(line).toMatchObject({ version: '1.0.0' });
    expect(line?.data.at(-1)).toBe(3);
    expect(line?.unique.at(-1)).toBe(2);
    expect(line?.data.slice(0, -1).every((n) => n === 0)).toBe(true);

    // Another developer sees none of it.
    const stranger = await callApi<Center>(center, { token: (await registerUser()).token });
    expect(stranger.info.data_overview.download_total).toBe(0);
    expect(stranger.info.download_score.series).toEqual([]);
  });
});

describe('download limits', () => {
  it('answers the 121st download from one address in ten minutes with a message the CMS shows', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id } = await releaseItem(dev, admin);
    const ip = '10.77.0.1';
    await withinOneWindow(STORE_LIMITS.downloadsPerIp.windowSeconds, 60);
    for (let i = 0; i < 120; i++) {
      const ok = await callApi(pluginDownload, { form: { id: String(id) }, ip });
      expect(ok.code).toBe(1);
      // Past the first 110 the download limit is the tighter one the answer reports.
      if (i >= 110) expect(ok.response.headers.get('ratelimit-remaining')).toBe(String(119 - i));
    }
    const refused = await callApi(pluginDownload, { form: { id: String(id) }, ip, lang: 'en-us' });
    expect(refused).toMatchObject({ status: 200, code: 0 });
    expect(refused.msg).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    const wait = Number(refused.response.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(10 * 60);
  }, 120_000);
});

describe('inflating the public count', () => {
  it('counts at most three invented client ids from one address per version and day', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id } = await releaseItem(dev, admin);
    const ip = '10.88.0.1';
    let last = 0;
    for (let i = 0; i < 8; i++) {
      const res = await callApi<{ download_num: number }>(pluginDownload, {
        form: { id: String(id) },
        ip,
        headers: { 'x-client-id': `fake${i}` },
      });
      last = res.info.download_num;
    }
    expect(last).toBe(3);
    const elsewhere = await callApi<{ download_num: number }>(pluginDownload, {
      form: { id: String(id) },
      ip: '10.88.0.2',
    });
    expect(elsewhere.info.download_num).toBe(4);
    const stats = await callApi<{ data_overview: { download_total: number; download_unique: number } }>(
      center,
      {
        token: dev.token,
      },
    );
    expect(stats.info.data_overview).toMatchObject({ download_total: 9, download_unique: 4 });
  });
});

describe('generating licence codes', () => {
  it(`is limited to ${AUTH_CODE_LIMIT.limit} an hour per developer, and each answer says what is left`, async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const paid = await releaseItem(dev, admin, { overrides: { toll: '1' } });
    const res = await callApi<{ code: string }>(getAuthCode, { json: { id: paid.id }, token: dev.token });
    expect(res.code).toBe(1);
    expect(res.response.headers.get('ratelimit-limit')).toBe(String(AUTH_CODE_LIMIT.limit));
    expect(res.response.headers.get('ratelimit-remaining')).toBe(String(AUTH_CODE_LIMIT.limit - 1));
  });
});
