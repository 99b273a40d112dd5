import { type Browser, expect, type Page, test } from '@playwright/test';
import { checkPhoneLayout } from './phone';
import { open } from './support';

test.use({ locale: 'en-US' });

async function loggedIn(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const login = await page.request.post('/api/user/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  return page;
}

/** The demo's reviews: an average and count on the item page and in the list, sorting by rating. */
test('a visitor sees an item’s rating, its reviews with the developer’s answer, and sorts by rating', async ({
  page,
}) => {
  await open(page, '/en-us/market/plug?name=Danmaku');
  await page
    .getByRole('link', { name: /Danmaku/ })
    .first()
    .click();
  const reviews = page.getByTestId('reviews');
  await expect(reviews.getByRole('heading', { name: 'Ratings and reviews' })).toBeVisible();
  await expect(reviews.getByTestId('rating-count')).toHaveText('2 ratings');
  await expect(reviews.getByTestId('rating-average')).toHaveText('4.5');
  await expect(reviews.getByTestId('review-reply').first()).toContainText(
    'Thanks, keyword filtering comes next.',
  );
  await expect(reviews).toContainText('Log in and download this item to review it.');
  await checkPhoneLayout(page, 'item-reviews-phone');

  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, '/en-us/market/plug');
  await page.getByLabel('Sort by').selectOption('rating');
  await expect(page).toHaveURL(/sort=rating/);
  // The best rated demo plugin (5 stars, no other) comes first, its average on its card.
  await expect(page.getByTestId('card-rating').first()).toContainText('5.0');
});

test('a user downloads a plugin, reviews it, edits it; its developer answers; an administrator hides a reported review', async ({
  browser,
}) => {
  // studio@example.com has not reviewed the administrator's Collector plugin in the demo.
  const user = await loggedIn(browser, 'studio@example.com', 'studio12345');
  await open(user, '/en-us/market/plug?name=Collector');
  await user
    .getByRole('link', { name: /Collector/ })
    .first()
    .click();
  await expect(user).toHaveURL(/\/market\/plug\/\d+$/);
  const reviews = user.getByTestId('reviews');
  const itemUrl = user.url();
  await expect(reviews).toContainText('Download this item to review it.');
  await user.getByRole('button', { name: 'Download', exact: true }).click();
  // Once downloaded, the form appears without reloading the page.
  const form = reviews.getByTestId('review-form');
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: '4 stars' }).click();
  await form.getByLabel('Your review').fill('Collects quickly from every source I tried.');
  await form.getByRole('button', { name: 'Publish review' }).click();
  await expect(reviews.getByTestId('review').filter({ hasText: 'Collects quickly' })).toBeVisible();
  await expect(reviews).toContainText('You rated it 4 out of 5.');

  await reviews.getByRole('button', { name: 'Edit my review' }).click();
  await form.getByRole('button', { name: '5 stars' }).click();
  await form.getByLabel('Your review').fill('Collects quickly; the 1.1 fix made it perfect.');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(reviews).toContainText('You rated it 5 out of 5.');
  await expect(reviews.getByTestId('review')).toHaveCount(1);

  // The administrator is Collector's developer: they answer, then moderate a report.
  const admin = await loggedIn(browser, 'admin@example.com', 'admin12345');
  await open(admin, itemUrl);
  const review = admin.getByTestId('review').filter({ hasText: 'Collects quickly' });
  await review.getByRole('button', { name: 'Answer' }).click();
  await review.getByRole('textbox').fill('Thank you for the kind words!');
  await review.getByRole('button', { name: 'Publish answer' }).click();
  await expect(review.getByTestId('review-reply')).toContainText('Thank you for the kind words!');

  await review.getByRole('button', { name: 'Report' }).click();
  await admin.getByLabel('Why should moderators look at it?').fill('Testing moderation');
  await admin.getByRole('button', { name: 'Report', exact: true }).last().click();
  await expect(admin.getByText('Thank you, the moderators will look at it')).toBeVisible();

  await open(admin, '/en-us/admin/reviews');
  const row = admin.getByTestId('moderated-review').filter({ hasText: 'Collects quickly' });
  await row.getByRole('button', { name: 'Hide' }).click();
  await admin.getByRole('dialog').getByRole('textbox').fill('Hidden for the test');
  await admin.getByRole('dialog').getByRole('button', { name: 'Hide' }).click();
  await expect(row).toHaveCount(0);

  await open(user, itemUrl);
  await expect(reviews).toContainText('Your review was hidden by a moderator: Hidden for the test');
  await expect(reviews.getByTestId('review').filter({ hasText: 'Collects quickly' })).toHaveCount(0);

  // Shown again, so the demo keeps its state for other runs' eyes.
  const hidden = await admin.request.get('/api/review/item_reviews?view=hidden');
  const mine = (await hidden.json()).info.list.find((r: { content: string }) =>
    r.content.startsWith('Collects quickly'),
  );
  const shown = await admin.request.post('/api/review/item_review_hide', {
    data: { review_id: mine.id, hidden: false },
  });
  expect((await shown.json()).code).toBe(1);
});
