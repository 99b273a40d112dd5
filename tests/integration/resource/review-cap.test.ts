import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as audit } from '@/app/api/resource/audit/route';
import { POST as vodAdd } from '@/app/api/resource/vod_add/route';
import { AWAITING_REVIEW_MAX } from '@/contract/market';
import { callApi, randomIp } from '../../support/api';
import { registerUser } from '../../support/factories';
import { registerAdmin, validStation } from './helpers';
import { startStationServer } from './station-server';

let station: Awaited<ReturnType<typeof startStationServer>>;
beforeAll(async () => {
  station = await startStationServer([{ id: 1, tid: 6, type: '动作片', name: 'A' }]);
});
afterAll(() => station.close());

let serial = 0;
const add = (token: string) =>
  callApi<{ id: number }>(vodAdd, {
    json: validStation(`${station.base}/json/cap${++serial}`),
    token,
    ip: randomIp(),
    lang: 'en-us',
  });

describe('stations one account may have waiting for review', () => {
  it(`are at most ${AWAITING_REVIEW_MAX}; a result frees a place`, async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const ids: number[] = [];
    for (let i = 0; i < AWAITING_REVIEW_MAX; i++) {
      const res = await add(dev.token);
      expect(res.code, res.msg).toBe(1);
      ids.push(res.info.id);
    }
    const refused = await add(dev.token);
    expect([refused.code, refused.msg]).toEqual([
      0,
      `You already have ${AWAITING_REVIEW_MAX} stations waiting for review: wait for a result before submitting another`,
    ]);
    expect((await add((await registerUser()).token)).code).toBe(1);

    const rejected = await callApi(audit, {
      json: { id: ids[0], status: 2, remarks: 'Not a station' },
      token: admin.token,
    });
    expect(rejected.code).toBe(1);
    const [first, second] = await Promise.all([add(dev.token), add(dev.token)]);
    expect([first.code, second.code].sort()).toEqual([0, 1]);
  }, 120_000);
});
