import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as injectList } from '@/app/dapi/[product]/inject_site_list/route';
import type { InjectListInfo } from '@/contract/domain';
import { checkSiteInject } from '@/server/domain/check-site-inject';
import { recheckDueSites } from '@/server/domain/recheck-job';
import { callApi } from '../../support/api';
import { withProduct } from '../../support/domain';

process.env.FETCH_ALLOW_PRIVATE = 'true';

let infected = true;
let server: http.Server;
let url = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url !== '/') return res.writeHead(404).end();
    res.end(
      `<html><head><title>t</title></head><body>${infected ? '<script src="https://zz.bdustatic.com/a.js"></script>' : ''}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const stats = async () =>
  (await callApi<InjectListInfo>(withProduct(injectList, 'maccmspro'), { json: {} })).info;
const HOUR = 3600_000;

describe('monitoring: re-checks, repaired after two clean checks, re-infection', () => {
  it('moves a site through injected → still injected after one clean check → repaired → re-infected', async () => {
    const t0 = new Date();
    await checkSiteInject({ input: url, locale: 'en-us', now: t0 });
    expect(await stats()).toMatchObject({ today_new: 1, total_injected: 1, today_repaired: 0, monitored: 1 });

    infected = false;
    expect(await recheckDueSites(new Date(t0.getTime() + HOUR))).toBe(0); // not due yet
    expect(await recheckDueSites(new Date(t0.getTime() + 7 * HOUR))).toBe(1);
    expect((await stats()).today_repaired).toBe(0); // one clean check is not enough

    await checkSiteInject({ input: url, locale: 'en-us' });
    const repaired = await stats();
    expect(repaired.today_repaired).toBe(1);
    expect(repaired.total_injected).toBe(1);

    infected = true;
    await checkSiteInject({ input: url, locale: 'en-us' });
    const again = await stats();
    expect(again.today_new).toBe(1);
    expect(again.list[0]!.url).toBe(url);
  });
});
