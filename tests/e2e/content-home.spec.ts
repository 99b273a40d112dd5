import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { open } from './support';

test.describe('home downloads and promo video', () => {
  test('downloads the latest package, whose SHA-256 matches the one on the page', async ({ page }) => {
    await open(page, '/');
    const block = page.getByTestId('latest-release');
    await expect(block).toContainText('2025.1000.4052');
    const shown = (await page.getByTestId('latest-sha256').textContent())?.trim();
    expect(shown).toMatch(/^[0-9a-f]{64}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      block.getByRole('link', { name: /maccms-pro-install-2025\.1000\.4052\.zip/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('maccms-pro-install-2025.1000.4052.zip');
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(shown);
  });

  test('shows the site dictionary: download channels, partners and contacts from the configuration', async ({
    page,
  }) => {
    await open(page, '/en-us');
    await expect(page.getByRole('link', { name: 'GitHub' }).first()).toHaveAttribute('href', /github\.com/);
    // A channel on the portal itself keeps the visitor's language.
    await expect(page.getByRole('link', { name: 'Official site' })).toHaveAttribute(
      'href',
      '/en-us/document?menu=log',
    );
    await expect(page.getByRole('region', { name: 'Partners' }).getByRole('link')).toHaveCount(6);
    const contacts = page.getByRole('contentinfo').getByRole('list', { name: 'Contact' });
    await expect(contacts.getByRole('link', { name: 'support@maccms.pro' })).toHaveAttribute(
      'href',
      'mailto:support@maccms.pro',
    );
  });

  test('plays the promo video and changes its rate from the keyboard', async ({ page }) => {
    await open(page, '/');
    const video = page.getByTestId('promo-video');
    await video.scrollIntoViewIfNeeded();
    await expect(video).toHaveAttribute('poster', /promo-poster/);
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
    const fast = page.getByRole('button', { name: '1.5×' });
    await fast.focus();
    await page.keyboard.press('Enter');
    await expect(fast).toHaveAttribute('aria-pressed', 'true');
    expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
    await page.getByRole('button', { name: '0.7×' }).click();
    expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(0.7);
  });
});
