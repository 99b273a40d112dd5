import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { installLikeCms, type Kind, listAll, post } from '../support/cms/install';

/**
 * The CMS against the production server itself (not only the route handlers): what Next would
 * redirect must answer in place, and every demo item installs with the CMS's own steps.
 */
test('a base address ending in a slash answers the CMS in place, never with a redirect', async ({
  baseURL,
}) => {
  for (const route of ['//api/market/center', '/api/market/center/']) {
    const res = await post(baseURL!, route, {
      type: 'plugins',
      page: '1',
      limit: '20',
      name: '',
      sortBy: '',
    });
    expect(res.code, route).toBe(1);
  }
  for (const address of [
    '/resource-api/provide/vod/?ac=list',
    '//resource-api/provide/vod?ac=list',
    '/resource-api/provide/vod/at/xml/?ac=list',
  ]) {
    const res = await fetch(`${baseURL}${address}`, { redirect: 'manual' });
    expect(res.status, address).toBe(200);
    expect(await res.text(), address).toMatch(address.includes('xml') ? /^<\?xml/ : /^\{"code":1/);
  }
  // Pages keep their one address: a browser follows the redirect.
  expect((await fetch(`${baseURL}/market/`, { redirect: 'manual' })).status).toBe(308);
});

for (const kind of ['plugin', 'theme'] as Kind[]) {
  test(`every free demo ${kind} installs from the production server`, async ({ baseURL }) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-site-'));
    const free = (await listAll(baseURL!, kind)).filter((i) => !i.toll);
    expect(free.length).toBeGreaterThan(0);
    for (const item of free) {
      const installed = await installLikeCms({ base: baseURL!, root, kind, id: item.id });
      expect(fs.readdirSync(installed.path)).toContain('info.ini');
    }
    fs.rmSync(root, { recursive: true, force: true });
  });
}
