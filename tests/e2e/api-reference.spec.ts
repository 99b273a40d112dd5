import { expect, test } from '@playwright/test';
import { checkPhoneLayout } from './phone';
import { open } from './support';

const LANGUAGES = [
  { prefix: '', lang: 'zh-cn', title: 'API 参考', ops: '运维', no: '否', none: '无' },
  { prefix: '/zh-tw', lang: 'zh-tw', title: 'API 參考', ops: '維運', no: '否', none: '無' },
  { prefix: '/en-us', lang: 'en-us', title: 'API reference', ops: 'Operations', no: 'no', none: 'None' },
];

type Doc = { paths: Record<string, Record<string, { summary: string }>> };

test.describe('the API reference', () => {
  // One page lists every operation (over a hundred): laying it out again at phone width takes time.
  test.describe.configure({ timeout: 90_000 });
  for (const { prefix, lang, title, ops, no, none } of LANGUAGES) {
    test(`lists every operation of the OpenAPI document (${lang})`, async ({ page }) => {
      await open(page, `${prefix}/document?menu=api&sub=reference`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('link', { name: title })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${ops}`) })).toBeVisible();

      // The page and the document come from one registry: the same calls, the same summaries.
      const link = page.getByRole('link', { name: /OpenAPI 3\.1/ });
      await expect(link).toHaveAttribute('href', `/api/openapi.json?lang=${lang}`);
      const answer = await page.request.get(`/api/openapi.json?lang=${lang}`);
      expect(answer.headers()['cache-control']).toContain('public');
      const doc = (await answer.json()) as Doc;
      await expect(page.locator('article[id^="op-"]')).toHaveCount(Object.keys(doc.paths).length);
      const latest = page.locator('#op-releaseLatest');
      await expect(latest.getByRole('heading', { level: 3 })).toHaveText('GETPOST/api/release/latest');
      await expect(latest).toContainText(doc.paths['/api/release/latest']?.get?.summary ?? 'missing');
      await expect(latest.getByRole('definition').nth(2)).toHaveText(none); // no rate limit
      await expect(latest.getByRole('cell', { name: 'upgrades', exact: true })).toBeVisible();

      const document = page.locator('#op-opsOpenApi');
      const langRow = document
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'lang', exact: true }) });
      await expect(langRow).toContainText('"zh-cn" | "zh-tw" | "en-us"');
      await expect(langRow.getByRole('cell').nth(2)).toHaveText(no);

      // The table of contents leads to each area.
      const toc = page.locator('nav[aria-label]').filter({ has: page.locator('a[href="#area-ops"]') });
      await toc.locator('a[href="#area-ops"]').click();
      await expect(page).toHaveURL(/#area-ops$/);

      await checkPhoneLayout(page, `api-reference-${lang}`);
      await expect(latest.getByText('/api/release/latest')).toBeVisible();
    });
  }
});
