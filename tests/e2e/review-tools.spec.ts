import { expect, type Page, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { verifyEmail } from './outbox';
import { ONE_PIXEL_PNG, open, signUp } from './support';

test.use({ locale: 'en-US' });
test.setTimeout(120_000);

const enc = (s: string) => Buffer.from(s);

async function ok(page: Page, path: string, data: object) {
  const res = await page.request.post(path, { data, headers: { lang: 'en-us' } });
  const body = await res.json();
  expect(body.code, body.msg).toBe(1);
  return body.info;
}

async function submit(
  page: Page,
  name: string,
  folder: string,
  version: string,
  files: Record<string, string>,
  id?: number,
) {
  const main = `${folder.charAt(0).toUpperCase()}${folder.slice(1)}.php`;
  const zip = zipSync(
    Object.fromEntries(
      Object.entries({
        [main]: '<?php\nclass X {\n  function run() {}\n}\n',
        'info.ini': `name = ${folder}\n`,
        ...files,
      }).map(([k, v]) => [k, enc(v)]),
    ),
  );
  const res = await page.request.post('/api/developer_plugins/plugins_add', {
    multipart: {
      ...(id ? { id: String(id) } : {}),
      name,
      describe: 'Reviewed in the browser',
      support_version: '2025.1000',
      version,
      source: { name: `${folder}.zip`, mimeType: 'application/zip', buffer: Buffer.from(zip) },
      pc_image: { name: 't.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG },
    },
    headers: { lang: 'en-us' },
  });
  const body = await res.json();
  expect(body.code, body.msg).toBe(1);
  return body.info.id as number;
}

test('a reviewer sees what an update changed, browses its files as text, and moves on to the next item', async ({
  browser,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const dev = await (await browser.newContext({ locale: 'en-US' })).newPage();
  const email = `e2e-review-${tag}@example.com`;
  await signUp(dev.request, { email, password: 'secret123' });
  await verifyEmail(dev, email);
  // Submitting needs a public developer name.
  await ok(dev, '/api/user/user_info', {
    type: 'update',
    name: `Reviewer ${tag}`,
    site: 'https://e2e.example.com',
    email,
  });
  const admin = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await ok(admin, '/api/user/login', { email: 'admin@example.com', password: 'admin12345' });

  const folder = `rev${tag}`;
  const name = `E2E update ${tag}`;
  const id = await submit(dev, name, folder, '1.0.0', { 'view/a.html': '<p>first</p>\n' });
  await ok(admin, '/api/developer_plugins/do_audit', { id, status: 1, version: '1.0.0' });
  await ok(dev, '/api/developer/set_publish', { id });
  const hostile = '<img src=x onerror="window.__pwned=1">';
  await submit(dev, name, folder, '1.1.0', { 'view/a.html': `<p>first</p>\n${hostile}\n` }, id);
  const other = `E2E next ${tag}`;
  await submit(dev, other, `nxt${tag}`, '1.0.0', {});

  // The list opens on the queue: only items under review, the older of ours first.
  await open(admin, '/en-us/admin/plug');
  const rows = admin.locator('table tbody tr');
  await expect(rows.filter({ hasText: name })).toHaveCount(1);
  const texts = await rows.allInnerTexts();
  expect(texts.every((row) => row.includes('Under review'))).toBe(true);
  const mine = texts.findIndex((row) => row.includes(name));
  expect(mine).toBeLessThan(texts.findIndex((row) => row.includes(other)));
  await rows.nth(mine).getByRole('link', { name }).click();

  const diff = admin.locator('section', {
    has: admin.getByRole('heading', { name: 'Changes since the approved version' }),
  });
  await diff.getByRole('button', { name: 'Load' }).click();
  await expect(diff).toContainText('Compared with version 1.0.0');
  await expect(diff).toContainText('view/a.html');
  await expect(diff.locator('pre')).toContainText(`+ ${hostile}`);
  await expect(diff.locator('img')).toHaveCount(0);

  const files = admin.locator('section', { has: admin.getByRole('heading', { name: 'Package files' }) });
  await files
    .getByRole('row', { name: /view\/a\.html/ })
    .getByRole('button', { name: 'View' })
    .click();
  await expect(files.locator('pre')).toContainText(hostile);
  await expect(files.locator('img')).toHaveCount(0);
  expect(await admin.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  // On a phone the file list and the long lines scroll inside their own boxes: nothing sticks out.
  await admin.setViewportSize({ width: 390, height: 800 });
  for (const panel of [diff, files]) {
    const box = await panel.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    for (const pre of await panel.locator('pre').all())
      expect(
        ((await pre.boundingBox())?.x ?? 0) + ((await pre.boundingBox())?.width ?? 0),
      ).toBeLessThanOrEqual(390);
  }

  // "Save and open next" approves and opens the oldest item still waiting (plugins and themes alike).
  const waiting = await ok(admin, '/api/review/next', { exclude: id });
  await admin.getByRole('button', { name: 'Save and open next' }).click();
  const segment = waiting.next.kind === 'plugin' ? 'plug' : 'theme';
  await expect(admin).toHaveURL(new RegExp(`/en-us/admin/${segment}/${waiting.next.id}$`));
  await expect(admin.getByRole('heading', { name: waiting.next.name })).toBeVisible();
  const decided = await ok(admin, '/api/developer_plugins/audit_detail', { id });
  expect(decided.detail.status).toBe(1);
});
