import fs from 'node:fs';
import os from 'node:os';
import nodePath from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { php } from '../support/cms/php';
import { verifyEmail } from './outbox';
import { ONE_PIXEL_PNG, open, signUp } from './support';

test.use({ locale: 'en-US' });
test.setTimeout(120_000);

const enc = (s: string) => Buffer.from(s);
/**
 * The page's own content. While a page streams in behind its loading boundary, React briefly keeps a
 * hidden second copy outside <main>; text, label and test-id locators would see both.
 */
const content = (page: Page) => page.locator('#main');
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A plugin the way many developers zip it, as its whole folder (the market repacks it), and a theme
 * zipped at its root and named after its template folder.
 */
function packageFor(kind: 'plugin' | 'theme', folder: string) {
  const cls = `${folder.charAt(0).toUpperCase()}${folder.slice(1)}`;
  const files: Record<string, Uint8Array> =
    kind === 'plugin'
      ? {
          [`${folder}/${cls}.php`]: enc(`<?php\nnamespace addons\\${folder};\nclass ${cls} {}\n`),
          [`${folder}/info.ini`]: enc(`name = ${folder}\ntitle = E2E\nversion = 0.9.0\n`),
        }
      : {
          'info.ini': enc('name = E2E theme\nversion = 0.9.0'),
          'html/index/index.html': enc('<html></html>'),
        };
  return { name: `${folder}.zip`, mimeType: 'application/zip', buffer: Buffer.from(zipSync(files)) };
}

async function loggedIn(browser: Browser, email: string, password: string, register = false) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  if (register) await signUp(page.request, { email, password });
  else {
    const res = await page.request.post('/api/user/login', { data: { email, password } });
    expect((await res.json()).code).toBe(1);
  }
  if (register) await verifyEmail(page, email); // publishing needs a verified address
  if (register)
    await page.request.post('/api/user/user_info', {
      data: { type: 'update', name: 'E2E Studio', site: 'https://e2e.example.com', email },
    });
  return page;
}

async function audit(
  admin: Page,
  kind: 'plugin' | 'theme',
  name: string,
  result: 'Success' | 'Failure',
  text: string,
) {
  await open(admin, `/en-us/admin/${kind === 'plugin' ? 'plug' : 'theme'}?status=0`);
  await admin.getByRole('link', { name }).click();
  await expect(admin.getByTestId('validation-report')).toContainText('Package checks passed');
  await admin.getByLabel(result).check();
  if (result === 'Success') await admin.getByLabel('Version number').fill(text);
  else await admin.getByLabel('Remarks').fill(text);
  await admin.getByRole('button', { name: 'Save audit' }).click();
  await expect(admin.getByText('Audit saved')).toBeVisible();
  await expect(admin.getByTestId('audit-list')).toContainText(result === 'Success' ? 'Approved' : 'Rejected');
}

for (const kind of ['plugin', 'theme'] as const) {
  test(`a ${kind} goes submit → reject → edit and resubmit → approve → release`, async ({ browser }) => {
    const id = unique();
    const name = `E2E ${kind} ${id}`;
    const dev = await loggedIn(browser, `e2e-market-${id}@example.com`, 'secret123', true);
    const admin = await loggedIn(browser, 'admin@example.com', 'admin12345');
    const path = kind === 'plugin' ? '/en-us/market/plug/add' : '/en-us/market/theme/add';

    // Step 1: the package first (checked and reported on upload), the developer filled in and
    // read-only; the description and the package are required.
    // Roles, not labels: while the page streams in, React briefly keeps a hidden copy of the form.
    await open(dev, path);
    await expect(dev.getByRole('textbox', { name: 'Developer name' })).toHaveValue('E2E Studio');
    await expect(dev.getByRole('textbox', { name: 'Developer name' })).toBeDisabled();
    await content(dev).getByLabel('Name', { exact: true }).fill(name);
    await dev.getByRole('button', { name: 'Next' }).click();
    await expect(content(dev).getByText('Please enter the description')).toBeVisible();
    await content(dev).getByLabel('Description').fill('Made by the browser test');
    await dev.getByRole('button', { name: 'Next' }).click();
    await expect(dev.getByText('Please upload the source code')).toBeVisible();
    const inputs = dev.locator('input[type=file]');
    const folder = `e2e${id}`;
    await inputs.nth(0).setInputFiles(packageFor(kind, folder));
    const installsAs = kind === 'plugin' ? `addons/${folder}/` : `template/${folder}/`;
    await expect(content(dev).getByText(`the CMS installs it as ${installsAs}`).first()).toBeVisible();
    if (kind === 'plugin')
      await expect(
        content(dev).getByText(`Everything was inside the folder ${folder}/`).first(),
      ).toBeVisible();
    // The typed name stays, with a warning naming both values: info.ini is what the CMS reads.
    const stated = kind === 'plugin' ? 'E2E' : 'E2E theme';
    await expect(
      content(dev).getByText(`Name: you entered “${name}”, info.ini says “${stated}”.`),
    ).toBeVisible();
    await expect(content(dev).getByLabel('Name', { exact: true })).toHaveValue(name);
    await dev.getByRole('button', { name: 'Next' }).click();

    // Step 2: the version comes from info.ini (the field was empty) and is required.
    await expect(content(dev).getByLabel('Version number', { exact: true })).toHaveValue('0.9.0');
    await content(dev).getByLabel('Version number', { exact: true }).fill('');
    await dev.getByRole('button', { name: 'Next' }).click();
    await expect(content(dev).getByText('Please enter the version number')).toBeVisible();
    await content(dev).getByLabel('Version number', { exact: true }).fill('0.9.1');
    await expect(
      content(dev).getByText('Version number: you entered “0.9.1”, info.ini says “0.9.0”.'),
    ).toBeVisible();
    await content(dev).getByLabel('Version number', { exact: true }).fill('0.9.0');
    await content(dev).getByLabel("What's new in this version").fill('First browser-made release');
    await content(dev).getByLabel('Supported version number').fill('2025.1000');
    if (kind === 'plugin') await content(dev).getByLabel('Paid', { exact: true }).check();
    await inputs.nth(1).setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    // The package's item sits on step 1, hidden now: the thumbnail's is the visible one.
    await expect(dev.locator('.ant-upload-list-item-done:visible').first()).toBeVisible();
    await dev.getByRole('button', { name: 'Next' }).click();

    // Step 3 survives a reload (draft in sessionStorage).
    await expect(content(dev).getByText('Review takes about 1-3 working days').first()).toBeVisible();
    await dev.reload();
    await expect(content(dev).getByText(`"${name}" is ready`)).toBeVisible();
    await dev.getByRole('button', { name: 'Submit for review' }).last().click();
    await expect(dev.getByText('Submitted for review').first()).toBeVisible();

    await audit(admin, kind, name, 'Failure', 'Please add a real screenshot');

    // The developer sees the reason, edits the failed item (pre-filled) and resubmits.
    await open(dev, '/en-us/market/devCenter');
    await expect(content(dev).getByTestId('notices')).toContainText('Reason: Please add a real screenshot');
    // The item's own page in the centre: the reason, the package report and every record.
    await dev.locator('#plugins, #themes').getByRole('link', { name }).click();
    const detail = dev.getByRole('region', { name: new RegExp(name) });
    await expect(detail).toContainText('Reason: Please add a real screenshot');
    await expect(detail.getByTestId('validation-report')).toContainText('Package checks passed');
    await expect(detail.getByTestId('audit-list')).toContainText('Rejected');
    await dev.getByRole('link', { name: 'Edit and resubmit' }).click();
    await expect(content(dev).getByText('Reason for the failed review')).toBeVisible();
    const editTitle = kind === 'plugin' ? 'Edit plugin' : 'Edit theme';
    await expect(dev.getByRole('heading', { level: 1 })).toHaveText(editTitle);
    await expect(dev).toHaveTitle(new RegExp(editTitle));
    await expect(content(dev).getByLabel('Name', { exact: true })).toHaveValue(name);
    await dev.getByRole('button', { name: 'Next' }).click();
    await dev.getByRole('button', { name: 'Next' }).click();
    await dev.getByRole('button', { name: 'Submit for review' }).last().click();
    await expect(dev.getByText('Submitted for review').first()).toBeVisible();

    await audit(admin, kind, name, 'Success', '1.0.0');

    // Approved is not public yet: the store page is a 404 (and that answer is cached)...
    const center = kind === 'plugin' ? 'developer_plugins/plugins_center' : 'developer_theme/theme_center';
    const mine = await dev.request.post(`/api/${center}`, { data: { name } });
    const appId = (await mine.json()).info.list[0].id as number;
    const storePage = `/en-us/market/${kind === 'plugin' ? 'plug' : 'theme'}/${appId}`;
    expect((await open(dev, storePage))?.status()).toBe(404);

    await open(dev, '/en-us/market/devCenter');
    await dev.getByRole('button', { name: 'Release' }).click();
    await expect(dev.getByText('Released successfully')).toBeVisible();
    // ...and the release refreshes it at once.
    const visitor = await browser.newPage();
    expect((await open(visitor, storePage))?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    // Its versions with what changed in each.
    await expect(visitor.getByRole('row', { name: /1\.0\.0/ })).toContainText('First browser-made release');
    await visitor.close();
    await open(dev, '/en-us/market/devCenter');
    const list = dev.locator(kind === 'plugin' ? '#plugins' : '#themes');
    await expect(list.getByRole('row', { name: new RegExp(name) })).toContainText('Released');

    if (kind === 'plugin') {
      // A paid item: open its licence codes, generate one (confirmed), copy it, and verify it.
      await list
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('link', { name: 'Licence codes' })
        .click();
      await expect(content(dev).getByText('No codes issued yet')).toBeVisible();
      dev.once('dialog', (dialog) => dialog.accept());
      await content(dev).getByRole('button', { name: 'Generate code' }).click();
      const code = (await dev.getByTestId('auth-code').textContent()) ?? '';
      expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
      await dev
        .getByTestId('auth-code')
        .locator('..')
        .getByRole('button', { name: 'Copy', exact: true })
        .click();
      await expect(dev.getByText('Copied')).toBeVisible();
      await content(dev).getByLabel('Check a code').fill(code.toLowerCase());
      await dev.getByRole('button', { name: 'Check', exact: true }).click();
      await expect(dev.getByText('The authorization code is valid')).toBeVisible();

      // A site owner installs it with that code, exactly as the CMS does, with PHP's curl and ZipArchive.
      const site = fs.mkdtempSync(nodePath.join(os.tmpdir(), 'cms-site-'));
      const base = new URL(dev.url()).origin;
      const installed = await php<{ ok: boolean; path: string; error?: string }>('install.php', [
        base,
        site,
        'plugin',
        String(appId),
        code,
      ]);
      expect(installed, installed.error).toMatchObject({ ok: true, path: `${site}/addons/${folder}` });
      expect(fs.readdirSync(installed.path).sort()).toEqual([`E2e${id}.php`, 'info.ini']);
      fs.rmSync(site, { recursive: true, force: true });
    }
  });
}

test('the audit pages answer HTTP 403 to a developer', async ({ browser }) => {
  const dev = await loggedIn(browser, 'developer@example.com', 'dev12345');
  for (const path of ['/en-us/admin/plug', '/en-us/admin/theme/1', '/zh-tw/admin/plug']) {
    expect((await open(dev, path))?.status()).toBe(403);
    await expect(dev.getByRole('heading', { level: 1 })).toHaveText(
      path.startsWith('/en-us') ? 'Access denied' : '無權存取',
    );
  }
});
