import { expect, type Page, test } from '@playwright/test';

/** A common phone: below the portal's 900 px mobile threshold. */
export const PHONE = { width: 390, height: 844 };

/**
 * Looks at the current page as a phone shows it: full-page screenshot attached to the test (open it
 * to judge the layout), and the page itself never scrolls sideways (wide tables scroll in their box).
 */
export async function checkPhoneLayout(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await page.waitForFunction(() => document.fonts.ready.then(() => true));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: 'image/png' });
  expect(overflow, `${name}: the page is wider than the phone`).toBeLessThanOrEqual(0);
}
