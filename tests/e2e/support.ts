import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { zipSync } from 'fflate';

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

/**
 * A plugin package the market accepts (`Name.php` and `info.ini` at the root), for the add form's
 * first step, which asks for the package before anything else.
 */
export async function uploadPluginPackage(page: Page, folder: string) {
  const cls = `${folder.charAt(0).toUpperCase()}${folder.slice(1)}`;
  const zip = zipSync({
    [`${cls}.php`]: Buffer.from(`<?php\nclass ${cls} {}\n`),
    'info.ini': Buffer.from(`name = ${folder}\n`),
  });
  await page
    .locator('#main input[type=file]')
    .first()
    .setInputFiles({ name: `${folder}.zip`, mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await expect(page.locator('#main').getByTestId('validation-report').first()).toBeVisible();
}

/**
 * Registers an account and logs it in through the API, in `request`'s cookie jar (registering alone
 * does not log in: its answer is the same whether or not the address is taken). Answers the session.
 */
export async function signUp(
  request: APIRequestContext,
  account: { email: string; password: string },
  lang?: string,
) {
  const headers = lang ? { lang } : undefined;
  const registered = await request.post('/api/user/register', { data: account, headers });
  expect((await registered.json()).code).toBe(1);
  const login = await request.post('/api/user/login', { data: account, headers });
  const body = await login.json();
  expect(body.code).toBe(1);
  return body.info as { token: string };
}
