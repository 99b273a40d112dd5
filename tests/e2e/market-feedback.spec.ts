import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { open } from './support';

test.use({ locale: 'en-US' });
test.setTimeout(90_000);

// recording.mp4 is a real 2 s H.264 clip (128x80, a square moving over a gradient): the demo's own.
const FIXTURES = path.resolve('content/demo-media/feedback'); // the demo's own media; Playwright runs from the root
const SCREENSHOT = path.join(FIXTURES, 'screenshot-2.png');
const VIDEO = path.join(FIXTURES, 'recording.mp4');
/** The uploaded screenshot's own width, from its PNG header (IHDR width at byte 16). */
const SCREENSHOT_WIDTH = readFileSync(SCREENSHOT).readUInt32BE(16);

test('a site owner reports a problem with a screenshot and a video; the developer watches it in the centre', async ({
  browser,
}) => {
  const text = `Bullet comments vanish after upgrading (${Date.now().toString(36)})`;
  const visitor = await (await browser.newContext({ locale: 'en-US' })).newPage();

  // The visitor is not logged in; the item is found by searching its name.
  await open(visitor, '/en-us/market/feedback');
  await expect(visitor.getByRole('heading', { name: 'Problem feedback', level: 1 })).toBeVisible();
  // A click before the form has hydrated does nothing: click again until the form answers.
  await expect(async () => {
    await visitor.getByRole('button', { name: 'Submit feedback' }).click();
    await expect(visitor.getByText('Please choose the plugin or theme')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(visitor.getByText('Please describe the problem')).toBeVisible();
  await expect(visitor.getByText('Please upload a screenshot of the problem')).toBeVisible();
  await expect(visitor.getByText('Please upload a video of the problem')).toBeVisible();

  await visitor.getByLabel('Plugin or theme').fill('Danmaku');
  await visitor.locator('.ant-select-item-option').filter({ hasText: 'Danmaku' }).click();
  await expect(visitor.getByLabel('Version number')).toBeEnabled();
  await expect(visitor.locator('main .ant-select').filter({ hasText: '1.2.0 (current)' })).toBeVisible();
  await visitor.getByLabel('Feedback content').fill(text);
  await visitor.locator('input[type=file][accept*="image"]').setInputFiles(SCREENSHOT);
  await expect(visitor.locator('.ant-upload-list-item-thumbnail img')).toBeVisible();

  // A text file named .mp4 is refused by the server, which reads its bytes.
  await visitor
    .locator('input[type=file][accept*="video"]')
    .setInputFiles({ name: 'fake.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a video') });
  await visitor.getByRole('button', { name: 'Submit feedback' }).click();
  await expect(visitor.getByText('"fake.mp4" is not an MP4, AVI or MPEG video').first()).toBeVisible();

  await visitor
    .getByRole('button', { name: /Remove file|Delete/i })
    .last()
    .click();
  await visitor.locator('input[type=file][accept*="video"]').setInputFiles(VIDEO);
  await visitor.getByRole('button', { name: 'Submit feedback' }).click();
  await expect(visitor.getByText('Thank you for your feedback')).toBeVisible();
  await expect(visitor.getByText(/The developer of .*Danmaku sees your report/)).toBeVisible();
  await visitor.getByRole('button', { name: 'Report another problem' }).click();
  await expect(visitor.getByLabel('Feedback content')).toHaveValue('');
  await expect(visitor.locator('main .ant-select').filter({ hasText: 'Danmaku' })).toBeVisible();

  // The developer of the demo plugin finds the report in the developer centre.
  const dev = await (await browser.newContext({ locale: 'en-US' })).newPage();
  const login = await dev.request.post('/api/user/login', {
    data: { email: 'developer@example.com', password: 'dev12345' },
  });
  expect((await login.json()).code).toBe(1);
  await open(dev, '/en-us/market/devCenter');
  // Inside <main>: while a page streams in, React briefly keeps a hidden copy of it outside.
  const report = dev.locator('main').getByTestId('feedback-item').filter({ hasText: text });
  await expect(report).toBeVisible();
  await expect(report).toContainText('Version 1.2.0');
  await expect(report).toContainText('New');

  const thumb = report.getByRole('img', { name: 'Screenshot 1' });
  await thumb.scrollIntoViewIfNeeded(); // screenshots load lazily, as the developer scrolls to them
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(SCREENSHOT_WIDTH);
  await report.getByRole('button', { name: 'Open screenshot 1' }).click();
  const large = dev.getByRole('dialog', { name: 'Screenshot 1' });
  await expect(large.getByRole('img')).toBeVisible();
  await large.getByRole('button', { name: 'Close' }).click();
  await expect(large).toBeHidden();

  const video = report.locator('video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => [v.duration, v.videoWidth])).toEqual([2, 128]);
  const played = await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    await new Promise((r) => setTimeout(r, 600));
    v.pause();
    return v.currentTime;
  });
  expect(played).toBeGreaterThan(0.2);
  // Seeking asks for a byte range: the video jumps without downloading from the start.
  await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise((resolve) => {
        v.addEventListener('seeked', resolve, { once: true });
        v.currentTime = 1.5;
      }),
  );
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(1.5);

  await report.getByRole('button', { name: 'Mark as read' }).click();
  await expect(report).toContainText('Read ');
  await expect(report).not.toContainText('New');

  // The filters ask the server again: a plugin's report leaves the themes, and comes back with all.
  const feedback = dev.locator('main #feedback');
  await feedback.getByText('Themes', { exact: true }).click();
  await expect(report).toBeHidden();
  await feedback.getByText('All', { exact: true }).first().click();
  await expect(report).toBeVisible();
  await expect(report).toContainText('Read ');

  // Someone else, logged in or not, cannot open the media.
  const src = await thumb.getAttribute('src');
  expect((await visitor.request.get(src!)).status()).toBe(401);
});

test('an item page can link straight to a pre-filled report', async ({ page }) => {
  const res = await page.request.post('/api/market/feedback_items', {
    data: { type: 'theme', name: 'Aurora' },
  });
  const [aurora] = (await res.json()).info.list as { id: number; name: string }[];
  await open(page, `/en-us/market/theme/${aurora!.id}`);
  await page.getByRole('link', { name: 'Report a problem' }).click();
  await expect(page).toHaveURL(new RegExp(`/en-us/market/feedback\\?type=theme&id=${aurora!.id}$`));
  await expect(page.getByRole('radio', { name: 'Theme' })).toBeChecked();
  await expect(page.locator('main .ant-select').filter({ hasText: aurora!.name })).toBeVisible();
  await expect(page.locator('main .ant-select').filter({ hasText: '1.0.1 (current)' })).toBeVisible();
});
