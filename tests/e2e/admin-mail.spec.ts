import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { mailTo, outboxDir } from './outbox';
import { open } from './support';

test.use({ locale: 'en-US' });
test.setTimeout(120_000);

/**
 * Mail that cannot be delivered waits in the queue with its error; an administrator sees it and
 * sends it again once the cause is fixed. Delivery is broken the way a full or misconfigured disk
 * breaks it: the outbox folder is not a folder.
 */
test('an administrator sees a mail that could not be delivered, with the error, and sends it again', async ({
  page,
}) => {
  const dir = outboxDir();
  const aside = `${dir}.aside`;
  fs.mkdirSync(dir, { recursive: true });
  fs.renameSync(dir, aside);
  fs.writeFileSync(dir, 'not a folder');
  const repair = () => {
    if (fs.existsSync(aside)) {
      fs.rmSync(dir, { force: true });
      fs.renameSync(aside, dir);
    }
  };
  try {
    // A new account asks for a password reset: queued, its first delivery fails.
    const email = `e2e-queue-${Date.now().toString(36)}@example.com`;
    const register = await page.request.post('/api/user/register', {
      data: { email, password: 'secret123' },
      headers: { lang: 'en-us' },
    });
    expect(register.ok()).toBe(true);
    const forgot = await page.request.post('/api/user/forgot_password', {
      data: { email },
      headers: { lang: 'en-us' },
    });
    expect((await forgot.json()).code).toBe(1);

    const login = await page.request.post('/api/user/login', {
      data: { email: 'admin@example.com', password: 'admin12345' },
    });
    expect(login.ok()).toBe(true);
    const queue = page.getByTestId('mail-queue');
    const row = queue.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Reset your' });
    // The queue answers at once; the failed attempt shows, with its error, once it has been made.
    const error = 'EEXIST: file already exists';
    await expect(async () => {
      await open(page, '/en-us/admin/mail');
      await expect(row.first()).toContainText(error, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Mail queue' })).toBeVisible();
    await expect(row.first()).toContainText('Waiting · 1 attempt');
    await expect(row.first()).toContainText('next try');
    await expect(row.first()).not.toContainText('EEXIST: EEXIST');

    // The disk is fixed; "Send again" delivers it now instead of after the backoff.
    repair();
    await row.first().getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByRole('status')).not.toBeEmpty();
    const mail = await mailTo(email, /^Reset your/);
    expect(mail.links.length).toBeGreaterThan(0);
    await expect(async () => {
      await open(page, '/en-us/admin/mail');
      await expect(row).toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
  } finally {
    repair();
  }
});

test('the mail queue is for administrators only', async ({ page }) => {
  const login = await page.request.post('/api/user/login', {
    data: { email: 'developer@example.com', password: 'dev12345' },
  });
  expect(login.ok()).toBe(true);
  await open(page, '/en-us/admin/mail');
  await expect(page.getByTestId('mail-queue')).toHaveCount(0);
  const api = await page.request.post('/api/user/mail_outbox', { data: {}, headers: { lang: 'en-us' } });
  expect((await api.json()).code).not.toBe(1);
});
