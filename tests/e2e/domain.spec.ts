import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { type Sites, startSites } from '../support/inject-sites';
import { open } from './support';

let sites: Sites;
let cmsSite: http.Server;
let cmsUrl = '';
test.beforeAll(async () => {
  sites = await startSites();
  cmsSite = http.createServer((req, res) => {
    if (req.url?.startsWith('/static/')) return res.writeHead(404).end();
    res.end(
      '<html><head><link href="/t.css?v=2025.1000.4052"><script>var maccms={"path":""};</script></head></html>',
    );
  });
  await new Promise<void>((resolve) => cmsSite.listen(0, '127.0.0.1', resolve));
  cmsUrl = `127.0.0.1:${(cmsSite.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await sites.close();
  cmsSite.close();
});

const hostOf = (url: string) => url.replace(/^http:\/\//, '').replace(/\/$/, '');

test.describe('/domainDetection', () => {
  test('mode 1 tells an official domain from a fake one and says what it imitates', async ({ page }) => {
    await open(page, '/domainDetection?activeIndex=1');
    await expect(page.getByRole('link', { name: '真伪检测' })).toHaveAttribute('aria-current', 'page');
    const field = page.getByRole('textbox', { name: '域名' });
    await field.fill('www.maccms.com');
    await page.getByRole('button', { name: '立即检测' }).click();
    await expect(page.getByTestId('result')).toContainText('官方域名');
    await field.fill('maccms-vip.com');
    await page.getByRole('button', { name: '立即检测' }).click();
    await expect(page.getByTestId('result')).toContainText('假冒域名');
    await expect(page.getByTestId('result')).toContainText('品牌名加额外词语');
    // Not official and imitating nothing is said as such, not as a fake of something.
    await field.fill('example.org');
    await page.getByRole('button', { name: '立即检测' }).click();
    await expect(page.getByTestId('result')).toContainText('非官方域名');
    await expect(page.getByTestId('result')).toContainText('也未仿冒官方域名');
    await field.fill('not a domain');
    await page.getByRole('button', { name: '立即检测' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '输入的地址有误，无法检测' })).toBeVisible();
  });

  test('mode 2 estimates the version and says what to do about a high-risk one', async ({ page }) => {
    await open(page, '/en-us/domainDetection?activeIndex=2');
    await page.getByRole('textbox', { name: 'Domain' }).fill(cmsUrl);
    await page.getByRole('button', { name: 'Check now' }).click();
    const result = page.getByTestId('result');
    await expect(result).toContainText('High-risk version', { timeout: 20_000 });
    await expect(result).toContainText('CVE-2026-4562');
    // No release fixes it yet: the advice says so, with the record's measure, never "upgrade".
    await expect(result).toContainText('Some vulnerabilities have no fixed version yet');
    await expect(result).toContainText('What to do: No fixed version yet: have the web server refuse');
    await expect(result).not.toContainText('Upgrade immediately');
  });

  test('mode 3 finds cloaked injected code, shows the evidence, then counts and lists the site', async ({
    page,
  }) => {
    await open(page, '/en-us/domainDetection?activeIndex=3');
    await expect(page.getByText("Today's new injected sites")).toBeVisible();
    await page.getByRole('textbox', { name: 'Domain' }).fill(hostOf(sites.url('mobileOnly')));
    await page.getByRole('button', { name: 'Check now' }).click();
    const result = page.getByTestId('result');
    await expect(result).toContainText('Injected code found', { timeout: 30_000 });
    // The cloaked load first, with why: who got it, who did not, the decoded address.
    const first = page.getByTestId('finding').first();
    await expect(first).toContainText('Script served only to some visitors');
    await expect(first.getByTestId('signals')).toContainText(
      'Served only to Mobile browser, Mobile browser from Baidu; not to Desktop browser',
    );
    await expect(first.getByTestId('signals')).toContainText('A host known from attacks on MacCMS sites');
    await expect(first.getByTestId('signals')).toContainText('The address is hidden in the code (atob)');
    await expect(first).toContainText('https://union.macoms.la/jquery.js?v=3');
    await expect(first).toContainText('Not served to');
    await expect(first).toContainText('Request headers');
    await expect(
      page.getByTestId('finding').filter({ hasText: 'Script loader with a base64-hidden address' }),
    ).toHaveCount(1);
    await expect(result.getByRole('link', { name: 'Clean-up tutorial' })).toHaveAttribute('href', /\/blog\//);
    await expect(page.getByRole('button', { name: hostOf(sites.url('mobileOnly')) })).toBeVisible();

    await page.getByRole('textbox', { name: 'Domain' }).fill(hostOf(sites.url('mentionsIndicator')));
    await page.getByRole('button', { name: 'Check now' }).click();
    await expect(result).toContainText('Domain not flagged as injected', { timeout: 30_000 });

    // Eighty scripts, thirty fetches: said as partially checked, never as clean.
    await page.getByRole('textbox', { name: 'Domain' }).fill(hostOf(sites.url('manyScripts')));
    await page.getByRole('button', { name: 'Check now' }).click();
    await expect(result).toContainText('Partially checked', { timeout: 30_000 });
    await expect(page.getByTestId('limits')).toContainText('scripts or frames were not fetched');
  });

  test('the injected-code result reads well on a desktop and on a phone, in Chinese', async ({ browser }) => {
    for (const [width, height, name] of [
      [1280, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN' });
      const page = await context.newPage();
      for (const [site, shows] of [
        ['playerConfig', '在官方文件中新增的代码'],
        ['mobileOnly', '只提供给：手机浏览器、手机浏览器（来自百度）'],
      ] as const) {
        await open(page, '/domainDetection?activeIndex=3');
        await page.getByRole('textbox', { name: '域名' }).fill(hostOf(sites.url(site)));
        await page.getByRole('button', { name: '立即检测' }).click();
        const result = page.getByTestId('result');
        await expect(result).toContainText('发现挂马代码', { timeout: 30_000 });
        await expect(result).toContainText(shows);
        // Nothing spills sideways on a phone: long addresses and code wrap.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await result.screenshot({ path: test.info().outputPath(`inject-${site}-${name}.png`) });
      }
      await context.close();
    }
  });

  test('on a phone every mode keeps its tab in sight and the check field on one line', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    for (const [mode, name] of [
      [1, 'Authenticity check'],
      [2, 'Vulnerability check'],
      [3, 'Injected-code check'],
    ] as const) {
      await open(page, `/en-us/domainDetection?activeIndex=${mode}`);
      const tab = page.getByRole('link', { name, exact: true });
      await expect(tab).toHaveAttribute('aria-current', 'page');
      await expect(tab).toBeInViewport({ ratio: 1 });
    }
    const protocol = await page.getByRole('combobox', { name: 'Protocol' }).boundingBox();
    const field = await page.getByRole('textbox', { name: 'Domain' }).boundingBox();
    expect(Math.abs(protocol!.y - field!.y)).toBeLessThan(4);
    await context.close();
  });

  test('a feature sample goes from the dialog to the administrator, who tests and accepts it', async ({
    page,
    browser,
  }) => {
    const marker = `window.__e2e_loader_${Date.now()}`;
    await open(page, '/en-us/domainDetection?activeIndex=3');
    await page.getByRole('button', { name: 'Submit a feature sample' }).click();
    const dialog = page.getByRole('dialog');
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Domain').fill('bad.example.com');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Feature content').fill(marker);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('Submitted successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    // A visitor is asked to log in; a developer gets HTTP 403.
    await open(page, '/en-us/admin/domainSamples');
    await expect(page.getByRole('heading', { name: 'Log in as an administrator' })).toBeVisible();
    const developer = await browser.newContext({ locale: 'en-US' });
    const dev = await developer.newPage();
    await dev.request.post('/api/user/login', {
      data: { email: 'developer@example.com', password: 'dev12345' },
    });
    expect((await open(dev, '/en-us/admin/domainSamples'))?.status()).toBe(403);
    await expect(dev.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await developer.close();

    const context = await browser.newContext({ locale: 'en-US' });
    const admin = await context.newPage();
    const login = await admin.request.post('/api/user/login', {
      data: { email: 'admin@example.com', password: 'admin12345' },
    });
    expect((await login.json()).code).toBe(1);
    await open(admin, '/en-us/admin/domainSamples');
    const card = admin.getByTestId('sample').filter({ hasText: marker });
    await expect(card).toContainText('Pending');
    await expect(card).toContainText('Clean-corpus test passed');
    await card.getByRole('combobox', { name: 'Severity' }).selectOption('medium');
    await card.getByRole('button', { name: 'Accept as signature' }).click();
    await expect(admin.getByText('Modified successfully')).toBeVisible();
    await expect(card).toContainText('Accepted');
    await expect(card.getByRole('button', { name: 'Accept as signature' })).toHaveCount(0);
    await context.close();
  });
});
