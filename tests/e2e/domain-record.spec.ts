import { expect, test } from '@playwright/test';
import { type Sites, startSites } from '../support/inject-sites';
import { open } from './support';

let sites: Sites;
test.beforeAll(async () => {
  sites = await startSites();
});
test.afterAll(async () => {
  await sites.close();
});

const hostOf = (url: string) => url.replace(/^http:\/\//, '').replace(/\/$/, '');

test('a check result has a link that shows it again, with its age, a re-check and the earlier checks', async ({
  page,
}) => {
  const host = hostOf(sites.url('mentionsIndicator'));
  await open(page, '/en-us/domainDetection?activeIndex=3');
  await page.getByRole('textbox', { name: 'Domain' }).fill(host);
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByTestId('result')).toContainText('Domain not flagged as injected', {
    timeout: 30_000,
  });
  // The address bar now holds the result's link.
  await expect(page).toHaveURL(new RegExp(`activeIndex=3&domain=${encodeURIComponent(host)}$`));
  const checks = page.getByRole('list', { name: 'Checks of this site' });
  await expect(checks.getByRole('listitem')).toHaveCount(1);
  // Asked again at once: the stored result with its age, not a second visit of the site.
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByTestId('stored-age')).toContainText(/Checked .*(now|minute)/);
  await expect(page.getByTestId('stored-age').getByRole('button', { name: 'Check again' })).toBeVisible();
  await expect(checks.getByRole('listitem')).toHaveCount(1);

  // Opened later (from a message, say): the stored result, its age, and a way to check again.
  await open(page, page.url());
  await expect(page.getByRole('heading', { name: `Record of ${host}` })).toBeVisible();
  await expect(page.getByTestId('result')).toContainText('Domain not flagged as injected');
  await expect(page.getByTestId('record-age')).toContainText(/Last checked .*(now|minute)/);
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(checks.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  // The page as anyone now loads it (served from the page cache before the re-check) shows it too.
  await open(page, page.url());
  await expect(checks.getByRole('listitem')).toHaveCount(2);
});
