import enUs from '@messages/en-us';
import zhCn from '@messages/zh-cn';
import { expect, test } from '@playwright/test';
import { open, uploadPluginPackage } from './support';

/** The register dialog's words and errors that go once a field is valid. */
for (const [prefix, m, confirmText] of [
  ['', zhCn, '请确认密码'],
  ['/en-us', enUs, 'Please confirm the password'],
] as const) {
  test(`${prefix || '/zh-cn'}: register asks to confirm the password when the confirmation is empty`, async ({
    page,
  }) => {
    await open(page, prefix || '/');
    await page.getByRole('banner').getByRole('button', { name: m.header.register, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: m.auth.registerTitle });
    await dialog.getByLabel(m.auth.email).fill('someone@example.com');
    await dialog.getByLabel(m.auth.password, { exact: true }).fill('secret123');
    const confirm = dialog.getByLabel(m.auth.confirm);
    await confirm.focus();
    await confirm.blur(); // checks run on blur
    await expect(dialog.getByText(confirmText, { exact: true })).toBeVisible();

    await confirm.fill('secret12');
    await confirm.blur();
    await expect(dialog.getByText(m.valid.passwordMismatch)).toBeVisible();
    await expect(dialog.getByText(confirmText, { exact: true })).toBeHidden();
  });

  test(`${prefix || '/zh-cn'}: on add-plugin step 2 an error goes as soon as the field is valid`, async ({
    page,
  }) => {
    const login = await page.request.post('/api/user/login', {
      data: { email: 'developer@example.com', password: 'dev12345' },
    });
    expect((await login.json()).code).toBe(1);
    const add = m.market.add;
    await open(page, `${prefix}/market/plug/add`);
    await page.getByLabel(add.name, { exact: true }).fill('Form check plugin');
    await page.getByLabel(add.describe).fill('A plugin that checks its form.');
    await uploadPluginPackage(page, 'formcheck');
    await page.getByRole('button', { name: add.next, exact: true }).click();
    await expect(page.getByLabel(add.supportVersion, { exact: true })).toBeVisible();

    // Next with an empty required field shows its error ...
    await page.getByRole('button', { name: add.next, exact: true }).click();
    const required = page.getByText(m.market.valid.supportVersionRequired);
    await expect(required).toBeVisible();
    // ... which goes while typing, before the field loses focus.
    await page.getByLabel(add.supportVersion, { exact: true }).fill('2025.1000');
    await expect(required).toBeHidden({ timeout: 1_000 });
    await expect(page.getByLabel(add.supportVersion, { exact: true })).toBeFocused();

    const version = page.getByLabel(add.version, { exact: true });
    await version.fill('1.0 beta');
    await version.blur();
    const format = page.getByText(m.market.valid.versionFormat);
    await expect(format).toBeVisible();
    await version.fill('1.0.1');
    await expect(format).toBeHidden({ timeout: 1_000 });
    // A field without an error is still checked on blur only.
    await version.fill('1.0 again');
    await expect(format).toBeHidden();
  });
}
