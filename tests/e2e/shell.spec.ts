import { expect, test } from '@playwright/test';
import { open } from './support';

test.describe('the app shell, independent of page content', () => {
  for (const [path, text] of [
    ['/no-such-page', '找不到此页面'],
    ['/en-us/no-such-page', 'This page could not be found'],
    ['/zh-tw/no-such-page', '找不到此頁面'],
  ] as const) {
    test(`${path} answers HTTP 404 with a not-found page in its language`, async ({ page }) => {
      const response = await open(page, path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText(text)).toBeVisible();
    });
  }

  test('an unknown API path answers a 404 JSON envelope in the lang language', async ({ request }) => {
    const cn = await request.get('/api/nope');
    expect(cn.status()).toBe(404);
    expect(cn.headers()['content-type']).toContain('application/json');
    expect(await cn.json()).toEqual({ code: 0, msg: '接口不存在', info: null });

    const en = await request.post('/api/nope', { headers: { lang: 'en-us' }, data: {} });
    expect(en.status()).toBe(404);
    expect(await en.json()).toEqual({ code: 0, msg: 'No such API', info: null });
  });

  test('/en-us is an English document', async ({ page }) => {
    const response = await open(page, '/en-us');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });

  test('the home page opens in Simplified Chinese for a first-time visitor', async ({ page }) => {
    const response = await open(page, '/');
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test('the language chosen by visiting /en-us is remembered on the next visit to /', async ({
    page,
    context,
  }) => {
    await open(page, '/en-us');
    const cookie = (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE');
    expect(cookie?.value).toBe('en-us');

    await open(page, '/');
    expect(new URL(page.url()).pathname).toBe('/en-us');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });
});
