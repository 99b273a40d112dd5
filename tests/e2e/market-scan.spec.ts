import { expect, type Page, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { verifyEmail } from './outbox';
import { ONE_PIXEL_PNG, open, signUp } from './support';

test.use({ locale: 'en-US' });
test.setTimeout(120_000);

const enc = (s: string) => Buffer.from(s);

async function session(page: Page, path: string, data: object) {
  const res = await page.request.post(path, { data });
  expect((await res.json()).code).toBe(1);
}

test('a held package shows the reviewer and the developer the line that holds it, as text', async ({
  browser,
}) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `E2E held ${id}`;
  const dev = await (await browser.newContext({ locale: 'en-US' })).newPage();
  const email = `e2e-scan-${id}@example.com`;
  await signUp(dev.request, { email, password: 'secret123' });
  await verifyEmail(dev, email); // publishing needs a verified address
  await session(dev, '/api/user/user_info', {
    type: 'update',
    name: 'Scan Studio',
    site: 'https://scan.example.com',
    email,
  });
  const folder = `held${id}`;
  const main = `${folder.charAt(0).toUpperCase()}${folder.slice(1)}.php`;
  const shell = `<?php\n// tool\n$f = "sys" . "tem";\n$f($_GET['c']); // <img src=x onerror=alert(1)>\n`;
  const zip = zipSync({
    [main]: enc('<?php class X {}'),
    'info.ini': enc(`name = ${folder}`),
    'tool.php': enc(shell),
  });
  const added = await dev.request.post('/api/developer_plugins/plugins_add', {
    multipart: {
      name,
      describe: 'Held by the scan',
      support_version: '2025.1000',
      version: '1.0.0',
      source: { name: `${folder}.zip`, mimeType: 'application/zip', buffer: Buffer.from(zip) },
      pc_image: { name: 't.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG },
    },
    headers: { lang: 'en-us' },
  });
  expect((await added.json()).info.held).toBe(true);

  const admin = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await session(admin, '/api/user/login', { email: 'admin@example.com', password: 'admin12345' });
  await open(admin, '/en-us/admin/plug?status=0');
  await admin.getByRole('link', { name }).click();
  const report = admin.getByTestId('validation-report');
  await expect(report).toContainText('Held: system runs a shell command taken from the request ($_GET)');
  const evidence = report.getByTestId('report-evidence').first();
  await expect(evidence).toContainText('tool.php · Line 4');
  await expect(evidence.locator('code')).toHaveText(`$f($_GET['c']); // <img src=x onerror=alert(1)>`);
  await expect(report.locator('img')).toHaveCount(0);

  await open(dev, '/en-us/market/devCenter');
  await dev.locator('#plugins').getByRole('link', { name }).click();
  const detail = dev.getByRole('region', { name: new RegExp(name) });
  await expect(detail.getByTestId('report-evidence').first()).toContainText('Line 4');
});
