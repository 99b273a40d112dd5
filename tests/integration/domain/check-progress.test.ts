import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as progressRoute } from '@/app/dapi/[product]/site_inject_progress/route';
import { POST as startInject } from '@/app/dapi/[product]/start_site_inject/route';
import type { CheckProgressInfo, CheckStartInfo } from '@/contract/domain';
import { browserEngine } from '@/server/domain/inject/browser/engine';
import { VISITORS } from '@/server/domain/inject/browser/visitors';
import { callApi } from '../../support/api';
import { withProduct } from '../../support/domain';

// The site lives on 127.0.0.1; one check at a time in the browser, so a check can be made to wait.
process.env.FETCH_ALLOW_PRIVATE = 'true';
process.env.INJECT_BROWSER = 'auto';
process.env.INJECT_BROWSER_CHECKS = '1';

let server: http.Server;
let url = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url !== '/') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<html><head><title>t</title></head><body><script src="https://zz.bdustatic.com/a.js"></script></body></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await browserEngine().close();
  await new Promise((resolve) => server.close(resolve));
});

const progress = (checkId: string) =>
  callApi<CheckProgressInfo>(withProduct(progressRoute, 'maccmspro'), {
    json: { check_id: checkId },
    lang: 'en-us',
  });

/** Reads the check's progress until `done` says so (the test's own timeout bounds the wait). */
async function until(checkId: string, done: (p: CheckProgressInfo) => boolean): Promise<CheckProgressInfo> {
  for (;;) {
    const res = await progress(checkId);
    expect(res.code).toBe(1);
    if (done(res.info)) return res.info;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a check’s progress, polled while it runs', () => {
  it('says it is queued while every browser is taken, shows what it found so far, and ends with the result', async () => {
    // Another check holds the node's only browser slot until released.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = () => {};
    const holds = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const other = browserEngine().use(Date.now() + 15_000, async () => {
      holding();
      await held;
    });
    await holds;

    const started = await callApi<CheckStartInfo>(withProduct(startInject, 'maccmspro'), {
      json: { domain: url },
      lang: 'en-us',
    });
    expect(started.code).toBe(1);
    expect(started.info.result).toBeNull();
    const id = started.info.check_id;
    expect(id).not.toBe('');

    const waiting = await until(id, (p) => p.state === 'queued' && p.static_pass === 'done');
    expect(waiting.browser_pass).toBe('queued');
    expect(waiting.profiles_done).toEqual([]);
    expect(waiting.found.length).toBeGreaterThan(0);
    expect(waiting.result).toBeNull();

    // Asked again meanwhile, the site's running check is named rather than a second one started.
    const again = await callApi<CheckStartInfo>(withProduct(startInject, 'maccmspro'), {
      json: { domain: url, recheck: true },
      lang: 'en-us',
    });
    expect(again.info.check_id).toBe(id);

    release();
    await other;
    const over = await until(id, (p) => p.state === 'done' || p.state === 'failed');
    expect(over.state).toBe('done');
    expect(over.browser_pass).toBe('done');
    // Each visitor the browser got to within the check's time; the rest are said to have been cut.
    const names = VISITORS.map((v) => v.name);
    expect(over.profiles_done.length).toBeGreaterThan(0);
    expect(names).toEqual(expect.arrayContaining(over.profiles_done));
    if (over.profiles_done.length < names.length)
      expect(over.result?.limits).toContainEqual(
        expect.objectContaining({ what: 'browser', detail: 'time' }),
      );
    expect(over.profile_running).toBe('');
    expect(over.result?.injected).toBe(true);
    expect(over.result?.age_seconds).toBeLessThan(60);
    expect(over.found).toEqual(expect.arrayContaining(over.result!.findings.map((f) => f.title)));
    // The browser's first start and a whole check, on a shared machine.
  }, 120_000);

  it('answers an unknown check id with a message, not an error page', async () => {
    const res = await progress('no-such-check');
    expect(res.code).toBe(0);
    expect(res.msg).toBe('No such check; please start the check again');
  });
});
