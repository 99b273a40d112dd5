import { expect, test } from '@playwright/test';
import { open } from './support';

test.describe('docs, blog and help', () => {
  test('moves through the docs, keeps the place in the URL, and searches them', async ({ page }) => {
    await open(page, '/document');
    await expect(page.getByRole('heading', { level: 1, name: '安装' })).toBeVisible();
    await page.getByRole('link', { name: '存储接口' }).click();
    await expect(page).toHaveURL(/menu=faq&sub=storage/);
    await expect(page.getByRole('heading', { level: 1, name: '存储接口' })).toBeVisible();
    await expect(page.getByRole('link', { name: '存储接口' })).toHaveAttribute('aria-current', 'page');
    const toc = page.getByRole('navigation', { name: '本页目录' });
    await toc.getByRole('link', { name: '配置 S3 兼容存储' }).click();
    await expect(page).toHaveURL(/#/);
    await page.getByRole('link', { name: '更新日志' }).first().click();
    await expect(page).toHaveURL(/menu=log/);
    await expect(page.getByRole('main')).toContainText('2025.1000.4052');
    await page.getByRole('searchbox').fill('crontab');
    await page.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/q=crontab/);
    await expect(page.getByRole('main').locator('mark').first()).toHaveText('crontab');
    await page.getByRole('link', { name: '定时任务' }).last().click();
    await expect(page.locator('pre code').first()).toBeVisible();
    await expect(page.locator('.hljs-string, .hljs-number, .hljs-keyword').first()).toBeVisible();
  });

  test('reads a blog post from the list and moves to the next one', async ({ page }) => {
    await open(page, '/blog');
    await expect(page.getByRole('listitem')).not.toHaveCount(0);
    await page.getByRole('link', { name: /后门清理教程/ }).click();
    await expect(page).toHaveURL(/\/blog\/clean-up-backdoor$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('后门清理教程');
    await expect(page.locator('article time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await page.getByRole('link', { name: /多语言包/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('多语言包');
    await page.getByRole('link', { name: '返回博客列表' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    expect((await open(page, '/blog?page=99'))?.status()).toBe(404);
    expect((await open(page, '/blog/no-such-post'))?.status()).toBe(404);
    expect((await open(page, '/blog/2147483648'))?.status()).toBe(404);
  });

  test('switches to English and sees English docs, posts and help', async ({ page }) => {
    await open(page, '/blog/clean-up-backdoor');
    await page.getByRole('button', { name: /语言/ }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en-us\/blog\/clean-up-backdoor$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('cleaning a MacCMS backdoor');
    await open(page, '/en-us/document?menu=faq&sub=cron');
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduled tasks' })).toBeVisible();
    await open(page, '/en-us/helpCenter?q=backdoor');
    await expect(page.getByText(/questions? found/)).toBeVisible();
    await expect(page.getByText('My site has been injected')).toBeVisible();
    // Links inside the content keep the reader in English.
    await page.getByRole('link', { name: 'backdoor clean-up tutorial' }).click();
    await expect(page).toHaveURL(/\/en-us\/blog\/clean-up-backdoor$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('cleaning a MacCMS backdoor');
  });

  test('keeps the table of contents on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/en-us/document?menu=faq&sub=storage');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc).toBeVisible();
    await toc.getByRole('link').first().click();
    await expect(page).toHaveURL(/#/);
  });

  test('renders home, docs, blog and help in every language without a console error', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    for (const prefix of ['', '/zh-tw', '/en-us']) {
      for (const path of [
        '/',
        '/document?menu=faq&sub=cron',
        '/blog',
        '/blog/clean-up-backdoor',
        '/helpCenter',
      ]) {
        await open(page, `${prefix}${path === '/' && prefix ? '' : path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      }
    }
    await open(page, '/');
    await expect(page.getByTestId('latest-release')).toBeVisible(); // the release block, with its texts
    expect(errors).toEqual([]);
  });
});
