import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as checkInject } from '@/app/dapi/[product]/check_site_inject/route';
import type { InjectInfo } from '@/contract/domain';
import { callApi } from '../../support/api';
import { withProduct } from '../../support/domain';

// The site lives on 127.0.0.1; the server this check runs on has no browser where it is told to look.
process.env.FETCH_ALLOW_PRIVATE = 'true';
process.env.INJECT_BROWSER = '/nonexistent/chromium';

let server: http.Server;
let url = '';
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html><head><title>影院</title></head><body><a href="/a.html">电影</a></body></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the injected-code check on a server without a browser', () => {
  it('judges on its static pass and says that scripts were not seen running', async () => {
    const res = await callApi<InjectInfo>(withProduct(checkInject, 'maccmspro'), {
      json: { domain: url },
      lang: 'en-us',
    });
    expect(res.code).toBe(1);
    expect(res.info.status).toBe('clean');
    expect(res.info.findings).toEqual([]);
    expect(res.info.limits).toEqual([
      expect.objectContaining({
        what: 'browser',
        detail: 'unavailable',
        text: expect.stringMatching(/No browser is installed/),
      }),
    ]);
  });
});
