import { expect, test } from '@playwright/test';
import { type Sites, startSites } from '../support/inject-sites';
import { mailTo, pathOf } from './outbox';
import { open } from './support';

let sites: Sites;
test.beforeAll(async () => {
  sites = await startSites();
});
test.afterAll(() => sites.close());

test.use({ locale: 'en-US' });

test('a visitor watches a checked domain: the mailed link confirms it, the stop link ends it', async ({
  page,
}) => {
  const email = `e2e-watch-${Date.now().toString(36)}@example.com`;
  const host = new URL(sites.url('clean')).host;

  await open(page, '/en-us/domainDetection?activeIndex=3');
  await page.getByRole('textbox', { name: 'Domain' }).fill(host);
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByTestId('result')).toContainText('Domain not flagged as injected', {
    timeout: 30_000,
  });

  const watch = page.getByTestId('watch-domain');
  await expect(watch).toContainText(`Get a mail when the monitor finds ${host} injected`);
  await watch.getByRole('textbox', { name: 'Your email' }).fill(email);
  await watch.getByRole('button', { name: 'Watch' }).click();
  await expect(watch.getByRole('status')).toHaveText(
    'Almost done: follow the link we mailed to you to confirm',
  );

  // The mail names the domain; its link confirms on opening.
  const confirm = await mailTo(email, /^Confirm: watch /);
  expect(confirm.subject).toBe(`Confirm: watch ${host} for injected code`);
  expect(confirm.html).toContain('Yes, watch this domain');
  const link = pathOf(confirm.links[0]!);
  await open(page, link);
  await expect(page.getByTestId('link-result')).toContainText(
    'Watching: you will get a mail when the monitor finds this domain injected or repaired',
  );

  // The stop link of the watch's mails asks first (link scanners open links), then stops it.
  const key = new URL(link, 'http://x').searchParams.get('key');
  await open(page, `/en-us/user/watch?key=${key}&action=unsubscribe`);
  const result = page.getByTestId('link-result');
  await expect(result).toContainText('Stop the mails about this domain?');
  await result.getByRole('button', { name: 'Stop watching' }).click();
  await expect(result).toContainText('You are unsubscribed');

  // A made-up key is said to be unknown.
  await open(page, '/en-us/user/watch?key=not-a-real-key');
  await expect(page.getByTestId('link-result')).toContainText('This watch does not exist (any more)');
});
