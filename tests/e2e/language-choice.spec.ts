import { expect, test } from '@playwright/test';
import { open } from './support';

const languageCookie = async (page: import('@playwright/test').Page) =>
  (await page.context().cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value;

test.describe('the language a visitor reads in', () => {
  test('reading an English page does not turn the Chinese links (as in a mail) into English ones', async ({
    page,
  }) => {
    await open(page, '/en-us/blog');
    await expect(page.locator('html')).toHaveAttribute('lang', /^en-us$/i);
    expect(await languageCookie(page)).toBeUndefined();
    await open(page, '/blog');
    expect(new URL(page.url()).pathname).toBe('/blog');
    await expect(page.locator('html')).toHaveAttribute('lang', /^zh-cn$/i);
  });

  test('remembers a choice made in the language menu, for unprefixed links too, until changed', async ({
    page,
  }) => {
    await open(page, '/blog');
    await page.getByRole('button', { name: '语言: 简体中文' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en-us\/blog$/);
    await expect(page.locator('html')).toHaveAttribute('lang', /^en-us$/i);
    expect(await languageCookie(page)).toBe('en-us');

    await open(page, '/helpCenter');
    expect(new URL(page.url()).pathname).toBe('/en-us/helpCenter');
    // Reading a Traditional Chinese page is not a choice: the English one stays.
    await open(page, '/zh-tw/blog');
    expect(await languageCookie(page)).toBe('en-us');

    await page.getByRole('button', { name: '語言: 繁體中文' }).click();
    await page.getByRole('button', { name: '简体中文' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.locator('html')).toHaveAttribute('lang', /^zh-cn$/i);
    await open(page, '/helpCenter');
    expect(new URL(page.url()).pathname).toBe('/helpCenter');
  });
});
