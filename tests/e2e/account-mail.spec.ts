import { expect, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { mailTo, pathOf, verifyEmail } from './outbox';
import { ONE_PIXEL_PNG, open, signUp } from './support';

test.use({ locale: 'en-US' });
test.setTimeout(120_000);

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('register → verify → forgot → reset → log in with the new password, all through the mailed links', async ({
  page,
}) => {
  const email = `e2e-mail-${unique()}@example.com`;
  const header = page.getByRole('banner');

  // Register in the dialog: the mail is on its way; log in, and the account page says what is
  // still locked.
  await open(page, '/en-us');
  await header.getByRole('button', { name: 'Sign up', exact: true }).click();
  const register = page.getByRole('dialog', { name: 'Create an account' });
  await register.getByLabel('Email').fill(email);
  await register.getByLabel('Password', { exact: true }).fill('first-pass1');
  await register.getByLabel('Confirm password').fill('first-pass1');
  await register.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(register.getByRole('status')).toContainText('Almost done: we mailed a link to this address');
  await page.keyboard.press('Escape');
  await header.getByRole('button', { name: 'Log in', exact: true }).click();
  const firstLogin = page.getByRole('dialog', { name: 'Log in' });
  await firstLogin.getByLabel('Email').fill(email);
  await firstLogin.getByLabel('Password', { exact: true }).fill('first-pass1');
  await firstLogin.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(firstLogin).toBeHidden();
  await expect(header.getByRole('link', { name: email })).toBeVisible();
  await open(page, '/en-us/user');
  const banner = page.getByTestId('verify-banner');
  await expect(banner).toContainText(`We sent a link to ${email}`);
  await expect(banner).toContainText('you cannot submit plugins or themes');

  // The verification mail, in English, links to the verify page.
  const verify = await mailTo(email, /^Confirm your email address/);
  expect(verify.html).toContain('Confirm my email');
  await open(page, pathOf(verify.links[0]!));
  await expect(page.getByTestId('link-result')).toContainText('Your email address is verified');
  await open(page, '/en-us/user');
  await expect(page.getByText('Email verified')).toBeVisible();
  await expect(page.getByTestId('verify-banner')).toBeHidden();

  // Log out, then "Forgot password?" in the login dialog.
  await header.getByRole('button', { name: 'Account menu' }).click();
  await header.getByRole('button', { name: 'Log out' }).click();
  await header.getByRole('button', { name: 'Log in', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Log in' })
    .getByRole('button', { name: 'Forgot password?' })
    .click();
  const forgot = page.getByRole('dialog', { name: 'Reset your password' });
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Send the link' }).click();
  await expect(forgot.getByRole('status')).toContainText('If an account uses this address');
  await page.keyboard.press('Escape');

  // The reset link sets a new password.
  const reset = await mailTo(email, /^Reset your/);
  await open(page, pathOf(reset.links[0]!));
  await page.getByLabel('New password', { exact: true }).fill('second-pass2');
  await page.getByLabel('Confirm the new password').fill('second-pass2');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByTestId('link-result')).toContainText('Your password has been changed');

  // The same link does not work twice.
  const again = await page.request.post('/api/user/reset_password', {
    data: { code: new URL(reset.links[0]!).searchParams.get('token'), password: 'third-pass3' },
    headers: { lang: 'en-us' },
  });
  expect((await again.json()).msg).toBe(
    'This link has already been used. Request a new one if you still need it.',
  );

  // Log in with the new password from the result page; the old one no longer works.
  await page.getByTestId('link-result').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill('first-pass1');
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Wrong email or password')).toBeVisible();
  await login.getByLabel('Password', { exact: true }).fill('second-pass2');
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(login).toBeHidden();
  await expect(header.getByRole('link', { name: email })).toBeVisible();

  // The password-changed notice reached the address too.
  await mailTo(email, /password was changed/);
});

test('a developer gets the approval mail after an administrator approves the item', async ({ browser }) => {
  const id = unique();
  const email = `e2e-approve-${id}@example.com`;
  const name = `Mail plugin ${id}`;
  const dev = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await signUp(dev.request, { email, password: 'secret123' }, 'en-us');
  await verifyEmail(dev, email);
  await dev.request.post('/api/user/user_info', {
    data: { type: 'update', name: 'Mail Studio', site: 'https://mail.example.com', email },
  });
  const folder = `mail${id}`;
  const zip = zipSync({
    [`Mail${id}.php`]: new TextEncoder().encode('<?php class X {}'),
    'info.ini': new TextEncoder().encode(`name = ${folder}`),
  });
  const submitted = await dev.request.post('/api/developer_plugins/plugins_add', {
    headers: { lang: 'en-us' },
    multipart: {
      name,
      describe: 'Sends mail',
      support_version: '2025.1000',
      version: '1.0.0',
      source: { name: `${folder}.zip`, mimeType: 'application/zip', buffer: Buffer.from(zip) },
      pc_image: { name: 'thumb.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG },
    },
  });
  expect((await submitted.json()).code).toBe(1);

  const admin = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await admin.request.post('/api/user/login', {
    data: { email: 'admin@example.com', password: 'admin12345' },
  });
  await open(admin, '/en-us/admin/plug?status=0');
  await admin.getByRole('link', { name }).click();
  await admin.getByLabel('Success').check();
  await admin.getByLabel('Version number').fill('1.0.0');
  await admin.getByRole('button', { name: 'Save audit' }).click();
  await expect(admin.getByText('Audit saved')).toBeVisible();

  const mail = await mailTo(email, /^Approved:/);
  expect(mail.subject).toBe(`Approved: ${name} 1.0.0`);
  expect(mail.text).toContain(`Your plugin “${name}” version 1.0.0 passed review.`);
  await dev.goto(pathOf(mail.links[0]!));
  // The mail opens the item itself in the developer centre.
  await expect(dev).toHaveURL(/\/en-us\/market\/devCenter\?detail=\d+$/);
});
