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

  test('reading an English page does not turn the next visit to / into English', async ({
    page,
    context,
  }) => {
    await open(page, '/en-us');
    expect((await context.cookies()).find((c) => c.name === 'NEXT_LOCALE')).toBeUndefined();

    await open(page, '/');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test('the desktop header fits a 1024-pixel window in every language, logged in too', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const fits = async (path: string) => {
      await open(page, path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect({ path, width }).toEqual({ path, width: 1024 });
    };
    for (const path of ['/market', '/en-us/market', '/zh-tw/market']) await fits(path);
    const login = await page.request.post('/api/user/login', {
      data: { email: 'admin@example.com', password: 'admin12345' },
    });
    expect(login.ok()).toBe(true);
    for (const path of ['/market', '/zh-tw/market', '/en-us/market']) await fits(path);
    // The account menu (and so logging out) is within reach.
    const menu = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
    const box = await menu.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1024);
  });
});
