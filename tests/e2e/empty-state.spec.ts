import { expect, type Page, test } from '@playwright/test';
import { checkPhoneLayout } from './phone';
import { open, signUp } from './support';

// Every empty list and table shows the portal's no-data picture with
// "Nothing here yet" in the reader's language, never antd's own "No data".
const LANGS = [
  { code: 'zh-cn', browser: 'zh-CN', prefix: '', empty: '暂无内容', library: /暂无数据|No data/ },
  { code: 'zh-tw', browser: 'zh-TW', prefix: '/zh-tw', empty: '暫無內容', library: /暫無資料|No data/ },
  { code: 'en-us', browser: 'en-US', prefix: '/en-us', empty: 'Nothing here yet', library: /No data/ },
] as const;
type Lang = (typeof LANGS)[number];
const NOTHING = 'zzz-nothing-matches-this';

/** Every empty state on the page says the portal's words, and the library's own never shows. */
async function expectEmptyStates(page: Page, lang: Lang, atLeast = 1) {
  const empties = page.getByTestId('empty');
  await expect(empties.first()).toBeVisible();
  expect(await empties.count()).toBeGreaterThanOrEqual(atLeast);
  for (const empty of await empties.all()) {
    await expect(empty).toContainText(lang.empty);
    await expect(empty.locator('svg')).toBeVisible();
  }
  await expect(page.locator('body')).not.toContainText(lang.library);
}

async function check(page: Page, lang: Lang, path: string, name: string, atLeast = 1) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, `${lang.prefix}${path}`);
  await expectEmptyStates(page, lang, atLeast);
  await checkPhoneLayout(page, `empty-${name}-${lang.code}`);
}

async function loggedIn(page: Page, as?: { email: string; password: string }) {
  const account = as ?? {
    email: `e2e-empty-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    password: 'secret123',
  };
  if (!as) return void (await signUp(page.request, account));
  const res = await page.request.post('/api/user/login', { data: account });
  expect(res.ok()).toBe(true);
}

for (const lang of LANGS) {
  test.describe(`${lang.code}: one empty state`, () => {
    test.use({ locale: lang.browser });

    test('search results with no match', async ({ page }) => {
      await check(page, lang, `/market/plug?name=${NOTHING}`, 'store-search');
      await check(page, lang, `/helpCenter?q=${NOTHING}`, 'help-search');
      await check(page, lang, `/document?q=${NOTHING}`, 'docs-search');
    });

    test("a new developer's centre, stations table and feedback", async ({ page }) => {
      await loggedIn(page);
      // Plugins, themes, stations, feedback, notices and both top-10 lists.
      await check(page, lang, '/market/devCenter', 'dev-centre', 7);
      // The stations page is an antd Table: its empty text comes through AntdShell.
      await check(page, lang, '/market/resource', 'stations');
      await expect(page.locator('.ant-table').getByTestId('empty')).toBeVisible();
    });

    test('an admin list with nothing to show', async ({ page }) => {
      await loggedIn(page, { email: 'admin@example.com', password: 'admin12345' });
      await check(page, lang, `/admin/plug?name=${NOTHING}`, 'admin-plugins');
    });
  });
}
