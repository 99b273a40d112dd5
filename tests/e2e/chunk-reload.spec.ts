import enUs from '@messages/en-us';
import zhTw from '@messages/zh-tw';
import { expect, type Page, test } from '@playwright/test';
import { open } from './support';

/**
 * A page whose code fails to load (a new deploy replaced the chunks the tab
 * knows) reloads the page, at most once a minute; otherwise the error page shows.
 */
const CHUNK = /\/_next\/static\/chunks\//;

/**
 * From now on, code the tab has not loaded yet answers 404, as after a deploy, until the next full
 * page load (a reload fetches the new deploy's pages and code). Prefetches fail, so the code of a
 * page is only asked for when the visitor goes there.
 */
async function deployReplacesChunks(page: Page) {
  const state = { replaced: true, reloads: 0 };
  await page.route('**/*', (route) => {
    const request = route.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      state.replaced = false;
      state.reloads += 1;
      return route.fallback();
    }
    const headers = request.headers();
    if (headers['next-router-prefetch'] || headers['next-router-segment-prefetch']) return route.abort();
    if (state.replaced && CHUNK.test(request.url())) return route.fulfill({ status: 404, body: 'gone' });
    return route.fallback();
  });
  return {
    replace: () => {
      state.replaced = true;
    },
    reloads: () => state.reloads,
  };
}

/** Opens a main-menu entry, through the menu button on a phone. */
async function go(page: Page, m: typeof enUs, name: string) {
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: m.header.openMenu });
  if (await menu.isVisible()) await menu.click();
  await header.getByRole('link', { name, exact: true }).first().click();
}

for (const [prefix, m, viewport] of [
  ['/en-us', enUs, { width: 1280, height: 800 }],
  ['/zh-tw', zhTw, { width: 390, height: 844 }],
] as const) {
  test(`${prefix} at ${viewport.width} px: missing code reloads the page once, then the error page shows within the minute`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.clock.install(); // time runs as usual until the test moves it on
    await open(page, `${prefix}/helpCenter`);
    await page.waitForLoadState('networkidle');
    const deploy = await deployReplacesChunks(page);

    // First failure: the page reloads by itself and arrives whole.
    await go(page, m, m.nav.domainDetection);
    await expect.poll(deploy.reloads).toBe(1);
    await expect(page).toHaveURL(new RegExp(`${prefix}/domainDetection`));
    await expect(page.getByRole('textbox', { name: m.domain.form.domain })).toBeVisible();
    await page.waitForLoadState('networkidle');

    // Second failure within the minute: no reload loop, the error page instead.
    deploy.replace();
    await go(page, m, m.nav.resource);
    await expect(page.getByText(m.error.title)).toBeVisible();
    await expect(page.getByRole('link', { name: m.common.backHome })).toBeVisible();
    expect(deploy.reloads()).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`error-page-${viewport.width}.png`) });

    // A minute later a failure may reload again.
    await page.clock.fastForward('01:01');
    await open(page, `${prefix}/helpCenter`);
    await page.waitForLoadState('networkidle');
    deploy.replace();
    await go(page, m, m.nav.resource);
    await expect.poll(deploy.reloads).toBe(3);
    await expect(page).toHaveURL(new RegExp(`${prefix}/resource$`));
    await expect(page.getByText(m.error.title)).toBeHidden();
  });
}
