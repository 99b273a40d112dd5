import enUs from '@messages/en-us';
import zhCn from '@messages/zh-cn';
import { expect, type Page, test } from '@playwright/test';
import { open } from './support';

/**
 * The top loading bar shows once a navigation has lasted 200 ms and is
 * finished by 5,000 ms at the latest.
 */
type Timings = { click: number | null; shown: number | null; gone: number | null };

/**
 * Holds the server's answer for the page at `path` for `ms`; its prefetches fail, so the click has to
 * wait for that answer.
 */
async function slowPage(page: Page, path: string, ms: number) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const headers = route.request().headers();
      if (!headers.rsc || route.request().isNavigationRequest()) return route.fallback();
      if (headers['next-router-prefetch'] || headers['next-router-segment-prefetch']) return route.abort();
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.fallback().catch(() => undefined); // the page may be gone by then
    },
  );
}

/** Records, in the page's own clock, the click and when the bar appears and goes. */
async function watchBar(page: Page, name: string) {
  await page.evaluate((label) => {
    const t: Timings = { click: null, shown: null, gone: null };
    Object.assign(window, { __bar: t });
    document.addEventListener('click', () => (t.click ??= performance.now()), true);
    const bar = () => document.querySelector(`[role="progressbar"][aria-label="${label}"]`);
    new MutationObserver(() => {
      if (bar() && t.shown === null) t.shown = performance.now();
      if (!bar() && t.shown !== null && t.gone === null) t.gone = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  }, name);
}
const timings = (page: Page) => page.evaluate(() => (window as unknown as { __bar: Timings }).__bar);

test('/en-us: a slow navigation shows the bar after 200 ms and ends it when the page is there', async ({
  page,
}) => {
  await open(page, '/en-us');
  await slowPage(page, '/en-us/blog', 1_500);
  await watchBar(page, enUs.common.loading);
  const bar = page.getByRole('progressbar', { name: enUs.common.loading });

  await page.getByRole('banner').getByRole('link', { name: enUs.nav.blog, exact: true }).click();
  await expect(bar).toBeVisible();
  await expect(page).toHaveURL(/\/en-us\/blog$/);
  await expect(bar).toBeHidden();

  const t = await timings(page);
  expect(t.shown! - t.click!).toBeGreaterThanOrEqual(200);
  expect(t.shown! - t.click!).toBeLessThan(700);
  expect(t.gone! - t.click!).toBeGreaterThan(1_400); // it stayed while the page was loading
});

test('/zh-cn: the bar is finished at 5,000 ms even when the page takes longer', async ({ page }) => {
  await open(page, '/');
  await slowPage(page, '/blog', 8_000);
  await watchBar(page, zhCn.common.loading);
  const bar = page.getByRole('progressbar', { name: zhCn.common.loading });

  await page.getByRole('banner').getByRole('link', { name: zhCn.nav.blog, exact: true }).click();
  await expect(bar).toBeVisible();
  await expect(bar).toBeHidden({ timeout: 7_000 });
  const t = await timings(page);
  expect(new URL(page.url()).pathname).toBe('/'); // the page has not arrived yet
  expect(t.gone! - t.click!).toBeGreaterThanOrEqual(4_900);
  expect(t.gone! - t.click!).toBeLessThan(5_800);
  await expect(page).toHaveURL(/\/blog$/, { timeout: 10_000 });
});

test('on a phone the bar runs along the top edge above the header', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await open(page, '/');
  await slowPage(page, '/market', 3_000);
  const bar = page.getByRole('progressbar', { name: zhCn.common.loading });
  await page.getByRole('contentinfo').getByRole('link', { name: zhCn.footer.market }).click();
  await expect(bar).toBeVisible();
  await page.waitForTimeout(1_000); // well into its run
  const box = (await bar.boundingBox())!;
  expect(box.y).toBe(0);
  expect(box.height).toBeGreaterThanOrEqual(2);
  expect(box.width).toBeGreaterThan(0);
  expect(box.width).toBeLessThanOrEqual(390);
  await page.screenshot({
    path: test.info().outputPath('loading-bar-phone.png'),
    clip: { x: 0, y: 0, width: 390, height: 200 },
  });
  await expect(page).toHaveURL(/\/market$/, { timeout: 10_000 });
  await context.close();
});
