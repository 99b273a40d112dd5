import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
      block.getByRole('link', { name: /maccms-pro-install-2025\.1000\.4052\.zip$/ }).click(),
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

test.describe('home downloads without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the version, SHA-256, download and signature, and the key that verifies them', async ({
    page,
    request,
  }) => {
    // The first HTML holds them: what a crawler reads.
    const html = await (await request.get('/')).text();
    expect(html).toContain('2025.1000.4052');
    expect(html).toMatch(/\/api\/release\/download\?id=\d+/);

    await page.goto('/');
    const block = page.getByTestId('latest-release');
    await expect(block).toContainText('2025.1000.4052');
    const sha256 = (await page.getByTestId('latest-sha256').textContent())?.trim() ?? '';
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(html).toContain(sha256);
    const packageLink = block.getByRole('link', { name: /maccms-pro-install-2025\.1000\.4052\.zip$/ });
    const signatureLink = block.getByRole('link', { name: /\.sig\)$/ });
    const fingerprint = (await page.getByTestId('release-key-fingerprint').textContent())?.trim();
    expect(fingerprint).toMatch(/^([0-9a-f]{4}:){15}[0-9a-f]{4}$/);
    const keyLink = page.getByTestId('release-key').getByRole('link', { name: /maccms-release\.pub/ });

    // A site owner saves the three files the page links to and runs the command it shows.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-'));
    const name = 'maccms-pro-install-2025.1000.4052.zip';
    const save = async (href: string | null, file: string) => {
      const res = await request.get(href ?? '');
      expect(res.status()).toBe(200);
      fs.writeFileSync(path.join(folder, file), await res.body());
      return res;
    };
    const pkg = await save(await packageLink.getAttribute('href'), name);
    expect(
      createHash('sha256')
        .update(await pkg.body())
        .digest('hex'),
    ).toBe(sha256);
    await save(await signatureLink.getAttribute('href'), `${name}.sig`);
    const key = await save(await keyLink.getAttribute('href'), 'maccms-release.pub');
    expect(key.headers()['x-key-fingerprint']).toBe(fingerprint);
    const command = (await page.getByTestId('release-key').locator('pre').textContent())?.trim() ?? '';
    expect(command).toBe(
      `openssl pkeyutl -verify -pubin -inkey maccms-release.pub -rawin -in ${name} -sigfile ${name}.sig`,
    );
    const result = spawnSync(command.split(' ')[0]!, command.split(' ').slice(1), {
      cwd: folder,
      encoding: 'utf8',
    });
    expect(result.stdout).toContain('Signature Verified Successfully');
    expect(result.status).toBe(0);
  });
});
