import enUs from '@messages/en-us';
import zhCn from '@messages/zh-cn';
import zhTw from '@messages/zh-tw';
import { expect, type Page, test } from '@playwright/test';
import { open } from './support';

/**
 * A page that shows a login prompt shows its content right after "登录成功", and the
 * prompt again after logout, without the visitor reloading.
 */
const LANGS = { '': zhCn, '/zh-tw': zhTw, '/en-us': enUs } as const;
type Prefix = keyof typeof LANGS;

/** A page reload (or a full navigation) would drop this mark. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => '__sameDocument' in window);

async function logIn(page: Page, prefix: Prefix, email: string, password: string) {
  const m = LANGS[prefix];
  const dialog = page.getByRole('dialog', { name: m.auth.loginTitle });
  await dialog.getByLabel(m.auth.email).fill(email);
  await dialog.getByLabel(m.auth.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: m.auth.loginSubmit, exact: true }).click();
  await expect(page.getByText(m.api.loggedIn)).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function logOut(page: Page, prefix: Prefix) {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: LANGS[prefix].header.accountMenu }).click();
  await header.getByRole('button', { name: LANGS[prefix].header.logout }).click();
}

for (const [prefix, via] of [
  ['', 'prompt'],
  ['/en-us', 'header'],
] as const) {
  test(`${prefix || '/zh-cn'}: logging in on the developer centre (${via} button) shows it at once`, async ({
    page,
  }) => {
    const m = LANGS[prefix];
    await open(page, `${prefix}/market/devCenter`);
    const prompt = page.getByRole('heading', { name: m.user.loginTitleDeveloper });
    await expect(prompt).toBeVisible();
    await markDocument(page);

    if (via === 'prompt')
      await page.locator('#main').getByRole('button', { name: m.user.loginButton }).click();
    else await page.getByRole('banner').getByRole('button', { name: m.header.login, exact: true }).click();
    await logIn(page, prefix, 'developer@example.com', 'dev12345');

    await expect(page.getByRole('heading', { name: m.market.center.pluginList })).toBeVisible();
    await expect(prompt).toBeHidden();
    expect(await sameDocument(page)).toBe(true);

    // Logout on a market route goes to the market page; the centre asks to log in again.
    await logOut(page, prefix);
    await expect(page).toHaveURL(new RegExp(`${prefix}/market$`));
    await open(page, `${prefix}/market/devCenter`);
    await expect(prompt).toBeVisible();
  });
}

for (const prefix of ['/zh-tw', '/en-us'] as const) {
  test(`${prefix}: the plugin audit list appears after login and the prompt returns after logout`, async ({
    page,
  }) => {
    const m = LANGS[prefix];
    await open(page, `${prefix}/admin/plug`);
    const prompt = page.getByRole('heading', { name: m.user.loginTitleAdmin });
    const search = page.getByPlaceholder(m.market.admin.searchPlaceholder);
    await expect(prompt).toBeVisible();
    await expect(search).toBeHidden();
    await markDocument(page);

    await page.locator('#main').getByRole('button', { name: m.user.loginButton }).click();
    await logIn(page, prefix, 'admin@example.com', 'admin12345');
    await expect(search).toBeVisible();
    await expect(prompt).toBeHidden();

    await logOut(page, prefix);
    await expect(prompt).toBeVisible();
    await expect(search).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${prefix}/admin/plug$`));
    expect(await sameDocument(page)).toBe(true);
  });
}

test('/zh-tw: the add-plugin page shows its form right after login', async ({ page }) => {
  const m = LANGS['/zh-tw'];
  await open(page, '/zh-tw/market/plug/add');
  await expect(page.getByRole('heading', { name: m.user.loginTitleDeveloper })).toBeVisible();
  await markDocument(page);
  await page.locator('#main').getByRole('button', { name: m.user.loginButton }).click();
  await logIn(page, '/zh-tw', 'developer@example.com', 'dev12345');
  await expect(page.getByLabel(m.market.add.name, { exact: true })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});
