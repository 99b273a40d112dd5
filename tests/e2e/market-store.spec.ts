import fs from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { open } from './support';

test.use({ locale: 'en-US' });

const count = async (page: import('@playwright/test').Page) =>
  Number(((await page.getByTestId('download-count').textContent()) ?? '').replace(/,/g, ''));

async function codeFor(request: APIRequestContext, email: string, password: string, name: string) {
  const login = await request.post('/api/user/login', { data: { email, password } });
  const token = (await login.json()).info.token as string;
  const list = await request.post('/api/developer_theme/theme_center', {
    data: { name },
    headers: { token },
  });
  const id = (await list.json()).info.list[0].id as number;
  const code = await request.post('/api/developer/get_auth_code', { data: { id }, headers: { token } });
  return { id, code: (await code.json()).info.code as string };
}

test('a visitor searches the market, sorts, and opens a plugin', async ({ page }) => {
  await open(page, '/en-us/market');
  await expect(page.getByRole('heading', { name: 'Popular plugins' })).toBeVisible();
  await page.getByRole('tab', { name: 'Themes' }).click();
  await expect(page.getByRole('heading', { name: 'Popular themes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Popular plugins' })).toBeHidden();

  // One box searches plugins and themes; each kind links to all of its results.
  await page.getByLabel('Search the market').fill('弹幕 danmaku');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/en-us\/market\?name=/);
  await expect(page.getByText('1 result for “弹幕 danmaku”')).toBeVisible();
  await expect(page.getByText('0 results for “弹幕 danmaku”')).toBeVisible();
  await expect(page.getByRole('link', { name: /Danmaku/ })).toHaveCount(1);
  await page.getByLabel('Search the market').fill('Aurora');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('link', { name: /Aurora/ })).toHaveCount(1);
  await open(page, '/en-us/market/plug?name=Danmaku');
  await expect(page.getByText('1 result for “Danmaku”')).toBeVisible();

  // Sorting and filters live in the URL.
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/en-us\/market\/plug$/);
  await expect(page.getByLabel('Search the market')).toHaveValue('');
  await page.getByLabel('Sort by').selectOption('name');
  await expect(page).toHaveURL(/sort=name/);
  await page.getByLabel('Price').selectOption('paid');
  await expect(page).toHaveURL(/price=paid/);
  await expect(page).not.toHaveURL(/device=/);
  // Only paid items: the demo's two among them, sorted by name; no free one.
  const cards = page.locator('main ul li a[href*="/market/plug/"]');
  await expect(cards.filter({ hasText: 'SEO Pro' })).toHaveCount(1);
  await expect(cards.filter({ hasText: '聚合支付 Pay' })).toHaveCount(1);
  await expect(cards.filter({ hasText: /\bFree\b/ })).toHaveCount(0);
  await open(page, '/en-us/market/plug?name=no-such-thing');
  await expect(page.getByText('Nothing matches')).toBeVisible();

  await open(page, '/en-us/market/plug?name=Danmaku');
  await page
    .getByRole('link', { name: /Danmaku/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Danmaku/ })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('1.2.0');
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(3);
  await expect(page.locator('aside').first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
});

test('a free plugin downloads as the zip the CMS installs, and the count rises', async ({ page }) => {
  await open(page, '/en-us/market/plug?name=Collector');
  await page
    .getByRole('link', { name: /Collector/ })
    .first()
    .click();
  const before = await count(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('collector.zip');
  const entries = Object.keys(unzipSync(new Uint8Array(fs.readFileSync(await download.path()))));
  expect(entries).toEqual(expect.arrayContaining(['Collector.php', 'info.ini'])); // root: as the CMS unpacks it
  await expect(page.getByTestId('download-count')).toHaveText((before + 1).toLocaleString('en-US'));
});

test('a paid theme asks for a code: a wrong one is refused, the right one downloads', async ({
  page,
  request,
}) => {
  const { id, code } = await codeFor(request, 'studio@example.com', 'studio12345', 'Starry');
  await open(page, `/en-us/market/theme/${id}`);
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/^PC · 2 of|^Mobile · 2 of/)).toBeVisible();

  await page.getByRole('button', { name: 'Download with a code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter your authorization code' });
  await dialog.getByLabel('Authorization code').fill('AAAA-BBBB-CCCC-DDDD');
  await dialog.getByRole('button', { name: 'Verify and download' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The authorization code is not valid for this item');

  await dialog.getByLabel('Authorization code').fill(code);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Verify and download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('starry.zip');
  await expect(dialog).toBeHidden();
});

test('an unknown item and a list page past the last one are 404 pages', async ({ page }) => {
  expect((await open(page, '/en-us/market/plug/999999'))?.status()).toBe(404);
  // An id past any record's (a PostgreSQL integer) names nothing either: no server error.
  expect((await open(page, '/en-us/market/theme/2147483648'))?.status()).toBe(404);
  expect((await open(page, '/en-us/market/plug?page=999'))?.status()).toBe(404);
  expect((await open(page, '/en-us/market/theme?page=1'))?.status()).toBe(200);
});

test('the developer centre charts downloads per item and version and ranks today’s', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.request.post('/api/user/login', {
    data: { email: 'developer@example.com', password: 'dev12345' },
  });
  await open(page, '/en-us/market/devCenter');
  await expect(page.getByRole('heading', { name: 'Top 10 plugins downloaded today' })).toBeVisible();
  const chart = page.getByRole('img', { name: /downloads from \d+ unique devices/ });
  const all = await chart.getAttribute('aria-label');
  await page.getByLabel('Chart scope').selectOption({ label: '弹幕助手 Danmaku · 1.2.0' });
  await expect(chart).not.toHaveAttribute('aria-label', all ?? '');
  await context.close();
});

test('renders the store in every language without a console error', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  const list = await request.post('/api/market/center', { form: { type: 'theme', name: 'Starry' } });
  const starry = (await list.json()).info.list[0].id as number;
  for (const prefix of ['', '/zh-tw', '/en-us']) {
    for (const path of [
      '/market',
      '/market/plug?sort=name',
      '/market/theme?price=free',
      `/market/theme/${starry}`,
    ]) {
      await open(page, `${prefix}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    // The client parts read their messages: the preview pager and the code dialog.
    await page.locator('main button').filter({ hasText: '›' }).click();
    await page.locator('main aside button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('heading')).not.toHaveText(/store\./);
  }
  expect(errors).toEqual([]);
});
