import { expect, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { open } from './support';

test.use({ locale: 'en-US' });

/** An administrator imports a library release for the package scan, sees it listed, and removes it. */
test('an administrator imports a known library release and removes it', async ({ page }) => {
  const login = await page.request.post('/api/user/login', {
    data: { email: 'admin@example.com', password: 'admin12345' },
  });
  expect(login.ok()).toBe(true);
  const library = `E2eLib${Date.now().toString(36)}`;
  const enc = (s: string) => new TextEncoder().encode(s);
  const zip = zipSync({
    'lib-1.0/src/A.php': enc('<?php\nclass A {}\n'),
    'lib-1.0/src/B.php': enc('<?php\nclass B {}\n'),
  });

  await open(page, '/en-us/admin/knownReleases');
  await expect(page.getByRole('heading', { name: 'Known library releases' })).toBeVisible();
  const form = page.getByTestId('known-import');
  await form.getByLabel('Library').fill(library);
  await form.getByLabel('Version').fill('1.0');
  await form
    .getByLabel('Release archive')
    .setInputFiles({ name: 'lib-1.0.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await form.getByRole('button', { name: 'Import' }).click();
  const row = page.getByTestId('known-release').filter({ hasText: library });
  await expect(row).toContainText('1.0');
  await expect(row).toContainText('2');

  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);
});
