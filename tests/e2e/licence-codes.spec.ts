import { expect, type Page, test } from '@playwright/test';
import { checkPhoneLayout } from './phone';
import { open } from './support';

// Licence management of a paid item, on the seeded demo: the developer of "SEO Pro" sees its issued
// codes with their sites and states, generates one only by the Generate button (after a confirm),
// revokes one, and writes the note its public page shows buyers.
test.use({ locale: 'en-US' });
test.setTimeout(120_000);

const content = (page: Page) => page.locator('#main');

async function developer(page: Page) {
  const res = await page.request.post('/api/user/login', {
    data: { email: 'developer@example.com', password: 'dev12345' },
  });
  expect((await res.json()).code).toBe(1);
}

async function seoProId(page: Page): Promise<number> {
  const res = await page.request.post('/api/developer_plugins/plugins_center', { data: { name: 'SEO Pro' } });
  return (await res.json()).info.list[0].id as number;
}

test('a paid item lists, generates and revokes its licence codes, and shows how to buy', async ({ page }) => {
  await developer(page);
  const id = await seoProId(page);
  await open(page, `/en-us/market/devCenter?licence=${id}#licence`);
  const panel = content(page).locator('#licence');
  await expect(panel.getByRole('heading', { name: /Licence codes · SEO Pro/ })).toBeVisible();
  // The seeded codes: one redeemed by two sites, one full, one revoked; codes are masked in the list.
  const rows = panel.locator('tbody tr');
  const before = await rows.count();
  expect(before).toBeGreaterThanOrEqual(3);
  await expect(panel).toContainText('www.demo-video.example');
  await expect(panel).toContainText('Revoked');
  await expect(panel).toContainText('Sites full');
  await expect(rows.first().locator('code')).toContainText('•');

  // Opening the page made no code: the count is what the seed left until Generate is pressed.
  await page.reload();
  await expect(rows).toHaveCount(before);

  // Generate: dismissing the confirm makes nothing, accepting it makes one code with the limits.
  page.once('dialog', (dialog) => dialog.dismiss());
  await panel.getByRole('button', { name: 'Generate code' }).click();
  await expect(rows).toHaveCount(before);
  await panel.getByLabel('Sites allowed').fill('3');
  page.once('dialog', (dialog) => dialog.accept());
  await panel.getByRole('button', { name: 'Generate code' }).click();
  await expect(page.getByText('A new authorization code was generated')).toBeVisible();
  const code = (await page.getByTestId('auth-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  await expect(rows).toHaveCount(Math.min(before + 1, 20));
  const fresh = rows.filter({ hasText: code.slice(-4) }).first();
  await expect(fresh).toContainText('0 of 3 sites');
  await expect(fresh).toContainText('Active');

  // Revoke it (confirmed): the CMS's check of that code then fails with a message it shows.
  page.once('dialog', (dialog) => dialog.accept());
  await fresh.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('The authorization code was revoked')).toBeVisible();
  await expect(fresh).toContainText('Revoked');
  const check = await page.request.post('/api/market_plugins/verify_auth_code', {
    form: { id: String(id), type: 'plugins', license: code, code },
    headers: { lang: 'en-us' },
  });
  expect(await check.json()).toMatchObject({
    code: 0,
    msg: 'This authorization code was revoked by the developer',
  });

  // The how-to-buy note, shown on the public page of the item.
  const note = `Write to sales@example.com with your order number (${Date.now()}).`;
  await panel.getByLabel('How to buy (shown on the public page)').fill(note);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The note was saved')).toBeVisible();
  await checkPhoneLayout(page, 'licence-codes-phone');

  const visitor = await page.context().browser()!.newPage({ locale: 'en-US' });
  await open(visitor, `/en-us/market/plug/${id}`);
  await expect(visitor.getByRole('heading', { name: 'How to buy' })).toBeVisible();
  await expect(content(visitor)).toContainText(note);
  await visitor.close();
});
