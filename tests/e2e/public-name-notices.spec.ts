import { type Browser, expect, type Page, test } from '@playwright/test';
import { checkPhoneLayout } from './phone';
import { open, signUp } from './support';

// The default OFFICIAL_DOMAINS: the server under test sets none.
const OFFICIAL = ['maccms.com', 'maccms.cn', 'maccms.net', 'maccms.pro', 'macvideojs.com'];
const DEMO_EMAILS = ['admin@example.com', 'developer@example.com', 'studio@example.com'];

for (const [prefix, title] of [
  ['', '谨防假冒网站'],
  ['/zh-tw', '謹防假冒網站'],
  ['/en-us', 'Beware of impersonation'],
] as const)
  test(`${prefix || '/zh-cn'}: the fake-site notice and the footer name the official domains and link to the check`, async ({
    page,
  }) => {
    await open(page, `${prefix}/`);
    const notice = page.getByRole('complementary', { name: title });
    const footer = page.getByTestId('official-domains');
    for (const domain of OFFICIAL) {
      await expect(notice).toContainText(domain);
      await expect(footer).toContainText(domain);
    }
    await checkPhoneLayout(page, `home-notice${prefix.replace('/', '-')}`);
    await footer.getByRole('link').click();
    await expect(page).toHaveURL(/\/domainDetection\?activeIndex=1$/);
  });

async function newAccount(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  const email = `e2e-notice-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await signUp(page.request, { email, password: 'secret123' });
  return page;
}

test('a new account sees "verify your email" and "set a public name" before any upload, desktop and phone', async ({
  browser,
}) => {
  const page = await newAccount(browser);
  for (const path of ['/en-us/market/devCenter', '/en-us/market/plug/add']) {
    await open(page, path);
    const banner = page.getByTestId('verify-banner');
    await expect(banner).toContainText('Please verify your email address');
    await expect(banner.getByRole('button', { name: 'Resend the link' })).toBeEnabled();
    await expect(page.getByTestId('name-first')).toContainText('Set your public developer name first');
    await checkPhoneLayout(page, `notices${path.replaceAll('/', '-')}`);
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  // The wizard offers no form to fill before the name: nothing to upload into a refusal.
  await expect(page.getByRole('textbox', { name: 'Developer name' })).toHaveCount(0);
  await page.getByTestId('name-first').getByRole('link').click();
  await expect(page).toHaveURL(/\/en-us\/user$/);
});

test('the public market pages never show a demo developer’s login email', async ({ page }) => {
  test.setTimeout(240_000); // every item page of the demo market, rendered once each
  const paths = ['/en-us/market', '/en-us/market/plug', '/en-us/market/theme'];
  for (const type of ['plugins', 'theme'] as const) {
    const res = await page.request.post('/api/market/center', { form: { type, limit: '100' } });
    const { info } = (await res.json()) as { info: { list: { id: number }[] } };
    for (const item of info.list)
      paths.push(`/en-us/market/${type === 'plugins' ? 'plug' : 'theme'}/${item.id}`);
  }
  expect(paths.length).toBeGreaterThan(5);
  for (const path of paths) {
    await open(page, path);
    const html = (await page.content()).toLowerCase();
    for (const email of DEMO_EMAILS) expect(html, path).not.toContain(email);
  }
});
