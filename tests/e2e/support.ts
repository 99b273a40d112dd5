import type { Page } from '@playwright/test';

/**
 * Opens a page and waits until it has finished streaming in. A page behind a loading boundary
 * arrives as the fallback plus a hidden copy of its content (`<div hidden id="S:…">`), which React
 * reveals a moment after the load event; text, label and test-id locators would see both copies.
 */
export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await page.waitForFunction(() => !document.querySelector('div[hidden][id^="S:"]'));
  return response;
}

/** A valid 1×1 PNG, for forms that need an image. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
