import enUs from '@messages/en-us';
import zhTw from '@messages/zh-tw';
import { expect, type Page, test } from '@playwright/test';
import { open } from './support';

/**
 * Issue 15 item 4, spec §8: a page whose code fails to load (a new deploy replaced the chunks the tab
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

const menuLink = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('link', { name, exact: true }).first();

for (const [prefix, m] of [
  ['/en-us', enUs],
  ['/zh-tw', zhTw],
] as const) {
  test(`${prefix}: missing code reloads the page once, then shows the error page within the minute`, async ({
    page,
  }) => {
    await page.clock.install(); // time runs as usual until the test moves it on
    await open(page, `${prefix}/helpCenter`);
    await page.waitForLoadState('networkidle');
    const deploy = await deployReplacesChunks(page);

    // First failure: the page reloads by itself and arrives whole.
    await menuLink(page, m.nav.domainDetection).click();
    await expect.poll(deploy.reloads).toBe(1);
    await expect(page).toHaveURL(new RegExp(`${prefix}/domainDetection`));
    await expect(page.getByRole('textbox', { name: m.domain.form.domain })).toBeVisible();
    await page.waitForLoadState('networkidle');

    // Second failure within the minute: no reload loop, the error page instead.
    deploy.replace();
    await menuLink(page, m.nav.resource).click();
    await expect(page.getByText(m.error.title)).toBeVisible();
    await expect(page.getByRole('link', { name: m.common.backHome })).toBeVisible();
    expect(deploy.reloads()).toBe(1);

    // A minute later a failure may reload again.
    await page.clock.fastForward('01:01');
    await open(page, `${prefix}/helpCenter`);
    await page.waitForLoadState('networkidle');
    deploy.replace();
    await menuLink(page, m.nav.blog).click();
    await expect.poll(deploy.reloads).toBe(3);
    await expect(page).toHaveURL(new RegExp(`${prefix}/blog$`));
  });
}
