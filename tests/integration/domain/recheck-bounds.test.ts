import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteCheck } from '@/server/domain/ask-site-check';
import { readRun, runsLastHour } from '@/server/domain/check-runs';
import { checkSiteInject } from '@/server/domain/check-site-inject';
import { recheckDueSites } from '@/server/domain/recheck-job';

process.env.FETCH_ALLOW_PRIVATE = 'true';
process.env.INJECT_BROWSER = 'off';

const HOUR = 3600_000;
const PROFILES = 10;

/** An injected site that, while `hold` is set, keeps its page requests waiting until released. */
const site = { pageHits: 0, url: '', host: '', held: [] as (() => void)[], hold: false };
const server = http.createServer((req, res) => {
  if (req.url !== '/') return res.writeHead(404).end();
  site.pageHits++;
  const answer = () =>
    res.end(
      '<html><head><title>t</title></head><body><script src="https://zz.bdustatic.com/a.js"></script></body></html>',
    );
  if (site.hold) site.held.push(answer);
  else answer();
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  site.host = new URL(site.url).host;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Reads the run until it is over (the test's own timeout bounds the wait). */
async function finished(id: string) {
  for (;;) {
    const run = await readRun(id);
    if (run && run.state !== 'running' && run.state !== 'queued') return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the scheduled re-check, under the per-site bounds of any check', () => {
  it('leaves a site a visitor is checking for a later round, then runs as one of its hourly runs', async () => {
    await checkSiteInject({ input: site.url, locale: 'en-us' }); // watched: injected, re-checked later
    const due = new Date(Date.now() + 7 * HOUR);

    // A visitor's re-check holds the site's run while its page requests wait.
    site.hold = true;
    site.pageHits = 0;
    const visitor = await startSiteCheck({
      input: site.url,
      recheck: true,
      locale: 'en-us',
      now: new Date(),
    });
    expect(visitor.check_id).not.toBe('');
    expect(await runsLastHour(site.host)).toBe(1);

    expect(await recheckDueSites(due)).toBe(0);
    expect(await runsLastHour(site.host)).toBe(1); // no second run of the site was started
    // Only the visitor's requests reached the site (as many as have arrived so far, at most one each).
    expect(site.pageHits).toBeLessThanOrEqual(PROFILES);

    site.hold = false;
    for (const answer of site.held.splice(0)) answer();
    expect((await finished(visitor.check_id)).state).toBe('done');
    expect(site.pageHits).toBe(PROFILES);

    // Due again once its claim has lapsed: now the job checks it, as a run of the site that counts.
    expect(await recheckDueSites(new Date(due.getTime() + HOUR))).toBe(1);
    expect(site.pageHits).toBe(2 * PROFILES);
    expect(await runsLastHour(site.host)).toBe(2);
  }, 120_000);
});
