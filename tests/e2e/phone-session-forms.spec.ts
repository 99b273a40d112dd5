import enUs from '@messages/en-us';
import zhCn from '@messages/zh-cn';
import zhTw from '@messages/zh-tw';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { open, uploadPluginPackage } from './support';

/**
 * Phone layout (390 px) of the pages with login prompts and form checks: the login prompts and what
 * replaces them, the register dialog and the add-plugin step 2 with their errors. Each screenshot is
 * kept in the test's output folder for a person to look at.
 */
async function phone(browser: Browser, locale: string, login?: [string, string]) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale });
  const page = await context.newPage();
  if (login) {
    const res = await page.request.post('/api/user/login', { data: { email: login[0], password: login[1] } });
    expect((await res.json()).code).toBe(1);
  }
  return page;
}

async function fitsAndShoot(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing spills sideways').toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('the login prompts of the developer centre and the audit list fit a phone', async ({ browser }) => {
  const page = await phone(browser, 'zh-CN');
  await open(page, '/market/devCenter');
  await expect(page.getByRole('heading', { name: zhCn.user.loginTitleDeveloper })).toBeVisible();
  await fitsAndShoot(page, 'devcenter-prompt-zh-cn');
  await open(page, '/en-us/admin/plug');
  await expect(page.getByRole('heading', { name: enUs.user.loginTitleAdmin })).toBeVisible();
  await fitsAndShoot(page, 'admin-plug-prompt-en-us');
  await page.context().close();
});

test('the developer centre and the audit list fit a phone once logged in', async ({ browser }) => {
  const dev = await phone(browser, 'en-US', ['developer@example.com', 'dev12345']);
  await open(dev, '/en-us/market/devCenter');
  await expect(dev.getByRole('heading', { name: enUs.market.center.pluginList })).toBeVisible();
  await fitsAndShoot(dev, 'devcenter-en-us');
  await dev.context().close();

  const admin = await phone(browser, 'zh-TW', ['admin@example.com', 'admin12345']);
  await open(admin, '/zh-tw/admin/plug');
  await expect(admin.getByPlaceholder(zhTw.market.admin.searchPlaceholder)).toBeVisible();
  await fitsAndShoot(admin, 'admin-plug-zh-tw');
  await admin.context().close();
});

test('the register dialog with its confirmation error fits a phone', async ({ browser }) => {
  const page = await phone(browser, 'en-US');
  await open(page, '/en-us');
  await page.getByRole('button', { name: enUs.header.openMenu }).click();
  await page.getByRole('banner').getByRole('button', { name: enUs.header.register, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: enUs.auth.registerTitle });
  await dialog.getByLabel(enUs.auth.email).fill('someone@example.com');
  await dialog.getByLabel(enUs.auth.password, { exact: true }).fill('secret123');
  await dialog.getByLabel(enUs.auth.confirm).focus();
  await dialog.getByLabel(enUs.auth.confirm).blur();
  await expect(dialog.getByText('Please confirm the password')).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('register-confirm-en-us.png') });
  await page.context().close();
});

test('the add-plugin step 2 with a field error fits a phone', async ({ browser }) => {
  const page = await phone(browser, 'zh-CN', ['developer@example.com', 'dev12345']);
  const add = zhCn.market.add;
  await open(page, '/market/plug/add');
  await page.getByLabel(add.name, { exact: true }).fill('手机检查插件');
  await page.getByLabel(add.describe).fill('在手机上检查表单。');
  await uploadPluginPackage(page, 'formcheck');
  await page.getByRole('button', { name: add.next, exact: true }).click();
  await page.getByRole('button', { name: add.next, exact: true }).click();
  await expect(page.getByText(zhCn.market.valid.supportVersionRequired)).toBeVisible();
  await fitsAndShoot(page, 'plug-add-step2-error-zh-cn');
  await page.getByLabel(add.supportVersion, { exact: true }).fill('2025.1000');
  await expect(page.getByText(zhCn.market.valid.supportVersionRequired)).toBeHidden();
  await fitsAndShoot(page, 'plug-add-step2-valid-zh-cn');
  await page.context().close();
});
