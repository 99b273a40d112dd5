import { expect, type Page, test } from '@playwright/test';
import { verifyEmail } from './outbox';
import { checkPhoneLayout } from './phone';
import { startStation } from './station-server';
import { open, signUp } from './support';

// The developer centre lists the developer's resource stations with their
// review state, last probe and collection health, beside plugins, themes and feedback.
const LANGS = [
  {
    code: 'zh-cn',
    browser: 'zh-CN',
    prefix: '',
    heading: '资源库列表',
    empty: '暂无内容',
    review: '审核中',
    approved: '审核成功',
    probe: /JSON · 2 个视频 · \d+ 毫秒/,
    videos: '视频数',
  },
  {
    code: 'en-us',
    browser: 'en-US',
    prefix: '/en-us',
    heading: 'Resource library list',
    empty: 'Nothing here yet',
    review: 'Under review',
    approved: 'Audit successful',
    probe: /JSON · 2 videos · \d+ ms/,
    videos: 'Videos',
  },
] as const;

async function newDeveloper(page: Page) {
  const email = `e2e-centre-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  await signUp(page.request, { email, password: 'secret123' });
  await verifyEmail(page, email); // registering a station needs a verified address
}

for (const lang of LANGS) {
  test(`${lang.code}: the developer centre lists the developer's stations with review, probe and collection`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const name = `E2E 中心资源站 ${lang.code} ${Date.now() % 100000}`;
    const station = await startStation([`${name} A`, `${name} B`]);
    const context = await browser.newContext({ locale: lang.browser });
    const page = await context.newPage();
    try {
      await newDeveloper(page);
      const centre = `${lang.prefix}/market/devCenter`;
      await open(page, centre);
      const section = page.locator('#resources');
      await expect(section.getByRole('heading', { name: lang.heading })).toBeVisible();
      await expect(section.getByTestId('empty')).toContainText(lang.empty);

      const added = await page.request.post('/api/resource/vod_add', {
        headers: { lang: lang.code },
        data: {
          type_id: 1,
          name,
          player_code: 'e2ecentre',
          api_url: station.url,
          site_url: 'https://centre.example.com',
          support: ['m3u8'],
          toll: '0',
          describe: 'A station for the developer centre test',
        },
      });
      const body = await added.json();
      expect(body.code, body.msg).toBe(1);

      await open(page, centre);
      const row = section.getByRole('row', { name: new RegExp(name) });
      await expect(row).toContainText(station.url);
      await expect(row.getByText(lang.review, { exact: true })).toBeVisible();
      await expect(row).toContainText(lang.probe);
      await expect(row.getByRole('cell').last()).toHaveText('--'); // not collected before approval
      await expect(section.getByTestId('empty')).toHaveCount(0);

      // An administrator approves it: the row shows the new state and the collection figures.
      const admin = await browser.newContext();
      const login = await admin.request.post('/api/user/login', {
        data: { email: 'admin@example.com', password: 'admin12345' },
      });
      expect(login.ok()).toBe(true);
      const audit = await admin.request.post('/api/resource/audit', {
        data: { id: body.info.id, status: 1, remarks: '' },
      });
      expect((await audit.json()).code).toBe(1);
      await admin.close();
      await open(page, centre);
      await expect(row.getByText(lang.approved, { exact: true })).toBeVisible();
      await expect(row.getByRole('cell').last()).toContainText(lang.videos);

      await checkPhoneLayout(page, `dev-centre-${lang.code}`);
      // On a phone each station is a card of labelled fields, all of it within the screen's width.
      const badge = row.getByText(lang.approved, { exact: true });
      await badge.scrollIntoViewIfNeeded();
      await expect(badge).toBeInViewport({ ratio: 1 });
      const card = test.info().outputPath(`dev-centre-stations-${lang.code}.png`);
      await section.screenshot({ path: card });
      await test.info().attach(`dev-centre-stations-${lang.code}`, { path: card, contentType: 'image/png' });
    } finally {
      await context.close();
      await station.close();
    }
  });
}
