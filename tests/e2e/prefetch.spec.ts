import { expect, type Page, type Request, test } from '@playwright/test';
import { open } from './support';

/**
 * Links prefetch on intent only. A logged-in administrator's audit list holds dozens of links; had
 * each prefetched on entering the view, three quick page views would spend the account's render
 * budget and the server would answer the prefetches 429.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const isPrefetch = (request: Request) => {
  const headers = request.headers();
  return (
    headers['next-router-prefetch'] !== undefined || headers['next-router-segment-prefetch'] !== undefined
  );
};

function recordPrefetches(page: Page) {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (isPrefetch(request)) paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

async function logInAsAdmin(page: Page) {
  const res = await page.request.post('/api/user/login', {
    data: { email: 'admin@example.com', password: 'admin12345' },
  });
  expect((await res.json()).code).toBe(1);
}

test('an audit list prefetches nothing until a link is pointed at, then that link', async ({ page }) => {
  await logInAsAdmin(page);
  const prefetched = recordPrefetches(page);
  await open(page, '/admin/plug?status=all'); // every item, not only those under review
  const links = page.locator('main a[href]');
  expect(await links.count()).toBeGreaterThan(10);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(2_000); // what the router would prefetch on its own has started by now
  expect(prefetched.length, `prefetched without intent: ${prefetched.join(', ')}`).toBeLessThanOrEqual(3);

  const row = page.locator('main table a[href]').first();
  const target = new URL((await row.getAttribute('href'))!, 'http://x').pathname;
  await row.hover();
  await expect.poll(() => prefetched.filter((p) => p === target).length).toBeGreaterThan(0);
});

test('a prefetch the server refuses is not asked for again on every hover', async ({ page }) => {
  await logInAsAdmin(page);
  await open(page, '/admin/plug?status=all'); // every item, not only those under review
  const refused: string[] = [];
  await page.route('**/*', (route) => {
    if (!isPrefetch(route.request())) return route.continue();
    refused.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 429, headers: { 'retry-after': '5' }, body: '' });
  });
  const row = page.locator('main table a[href]').first();
  const target = new URL((await row.getAttribute('href'))!, 'http://x').pathname;
  for (let i = 0; i < 4; i++) {
    await row.hover();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
  }
  await page.waitForTimeout(1_000);
  expect(refused.filter((p) => p === target).length).toBe(1);
});
