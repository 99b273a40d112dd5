import enUs from '@messages/en-us';
import { expect, type Page, test } from '@playwright/test';
import { type Sites, startSites } from '../support/inject-sites';
import { checkPhoneLayout, PHONE } from './phone';
import { open } from './support';

/**
 * What a phone shows of the market, the audit list and the domain watch box: each item once, a wide
 * table that scrolls inside its card, a field a thumb can hit. Screenshots are kept for a person.
 */
test.use({ viewport: PHONE, locale: 'en-US' });

let sites: Sites;
test.beforeAll(async () => {
  sites = await startSites();
});
test.afterAll(() => sites.close());

const visibleCardLinks = (page: Page) =>
  page
    .locator('main li a[href*="/market/plug/"]')
    .evaluateAll((links) =>
      links.filter((a) => (a as HTMLElement).offsetParent !== null).map((a) => a.getAttribute('href')),
    );

test('the market shows each plugin once', async ({ page }) => {
  await open(page, '/en-us/market');
  const shown = await visibleCardLinks(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown).toEqual([...new Set(shown)]);
  await checkPhoneLayout(page, 'market-en-us');
});

test('the audit list scrolls sideways inside its card, not the page', async ({ page }) => {
  const res = await page.request.post('/api/user/login', {
    data: { email: 'admin@example.com', password: 'admin12345' },
  });
  expect((await res.json()).code).toBe(1);
  await open(page, '/en-us/admin/plug');
  const table = page.locator('main table').first();
  await expect(table).toBeVisible();
  const box = await table.evaluate((el) => {
    const wrap = el.parentElement!;
    const card = wrap.getBoundingClientRect();
    return {
      right: card.right,
      scrolls: wrap.scrollWidth > wrap.clientWidth && getComputedStyle(wrap).overflowX === 'auto',
    };
  });
  expect(box.scrolls).toBe(true);
  expect(box.right).toBeLessThanOrEqual(PHONE.width);
  await checkPhoneLayout(page, 'admin-plug-en-us');
});

test('the domain watch box has a full-height email field', async ({ page }) => {
  const host = new URL(sites.url('clean')).host;
  await open(page, '/en-us/domainDetection?activeIndex=3');
  await page.getByRole('textbox', { name: enUs.domain.form.domain }).fill(host);
  await page.getByRole('button', { name: enUs.domain.form.submit }).click();
  const watch = page.getByTestId('watch-domain');
  await expect(watch).toBeVisible({ timeout: 30_000 });
  const field = watch.getByRole('textbox', { name: enUs.user.watch.email });
  expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(32);
  await checkPhoneLayout(page, 'domain-watch-en-us');
});
