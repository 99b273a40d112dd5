import { beforeAll, describe, expect, it } from 'vitest';
import { POST as center } from '@/app/api/market/center/route';
import { POST as reply } from '@/app/api/market/review_reply/route';
import { POST as report } from '@/app/api/market/review_report/route';
import { POST as save } from '@/app/api/market/review_save/route';
import { GET as reviews } from '@/app/api/market/reviews/route';
import { POST as pluginDetail } from '@/app/api/market_plugins/detail/route';
import { POST as pluginDownload } from '@/app/api/market_plugins/plugins_download/route';
import { POST as hide } from '@/app/api/review/item_review_hide/route';
import { POST as moderation } from '@/app/api/review/item_reviews/route';
import { REVIEW_SAVE_LIMIT, type ReviewModerationPage, type ReviewPage } from '@/contract/item-reviews';
import type { StoreList } from '@/contract/store-answers';
import { randomIp, withinOneWindow } from '../../support/api';
import { type Registered, registerUser } from '../../support/factories';
import { callApi, registerAdmin, releaseItem } from './support';

/**
 * Ratings and reviews: who may write one (logged in, verified, downloaded it, not its developer),
 * one per account and item, the average counting each address once, the developer's answer,
 * reports, administrators hiding with a reason, and the store sorting by rating.
 */
let dev: Registered;
let admin: Registered;

beforeAll(async () => {
  dev = await registerUser();
  admin = await registerAdmin();
});

const download = (id: number, who?: Registered) =>
  callApi(pluginDownload, { form: { id: String(id), type: 'plugins' }, token: who?.token });

/** A verified user who downloaded the item while logged in. */
async function downloader(id: number, options: { verified?: boolean } = {}) {
  const user = await registerUser(options);
  expect((await download(id, user)).code).toBe(1);
  return user;
}

const write = (id: number, who: Registered, rating: number, content: string, ip = randomIp()) =>
  callApi<{ id: number; rating: number; rating_count: number }>(save, {
    json: { id, rating, content },
    token: who.token,
    ip,
    lang: 'en-us',
  });

const page = (id: number, who?: Registered) =>
  callApi<ReviewPage>(reviews, {
    method: 'GET',
    path: `/api/market/reviews?id=${id}`,
    token: who?.token,
  });

describe('who may review', () => {
  it('refuses anonymous callers, unverified accounts, accounts that never downloaded it, and its developer', async () => {
    const { id } = await releaseItem(dev, admin);

    const anonymous = await callApi(save, { json: { id, rating: 5, content: 'Great' } });
    expect(anonymous.status).toBe(401);

    const unverified = await downloader(id, { verified: false });
    expect(await write(id, unverified, 5, 'Great')).toMatchObject({
      code: 0,
      msg: 'Verify your email address before reviewing',
    });

    const stranger = await registerUser();
    expect(await write(id, stranger, 5, 'Great')).toMatchObject({
      code: 0,
      msg: 'Download this item before reviewing it',
    });
    // A download without a session is nobody's: it does not open the door later.
    await download(id);
    expect((await write(id, stranger, 5, 'Great')).code).toBe(0);
    expect((await page(id, stranger)).info.blocked).toBe('download');

    await download(id, dev);
    expect(await write(id, dev, 5, 'My own work is great')).toMatchObject({
      code: 0,
      msg: 'Developers cannot review their own items',
    });
    expect((await page(id, dev)).info).toMatchObject({ blocked: 'own', developer: true });
    expect((await page(id)).info).toMatchObject({ count: 0, rating: 0, rating_count: 0, blocked: 'login' });
  });

  it('checks the rating and the text', async () => {
    const { id } = await releaseItem(dev, admin);
    const user = await downloader(id);
    expect(await write(id, user, 6, 'Too good')).toMatchObject({ code: 0, msg: 'Please give 1 to 5 stars' });
    expect(await write(id, user, 4, '   ')).toMatchObject({ code: 0, msg: 'Please write your review' });
  });
});

describe('one review per account and item', () => {
  it('keeps one review that its writer edits, and the average follows the edit', async () => {
    const { id } = await releaseItem(dev, admin);
    const user = await downloader(id);
    const first = await write(id, user, 2, 'Crashes on save');
    expect(first).toMatchObject({ code: 1, info: { rating: 2, rating_count: 1 } });
    const second = await write(id, user, 5, 'Fixed in the new version');
    expect(second).toMatchObject({ code: 1, info: { id: first.info.id, rating: 5, rating_count: 1 } });

    const mine = (await page(id, user)).info;
    expect(mine.count).toBe(1);
    expect(mine.list).toHaveLength(1);
    expect(mine.mine).toMatchObject({ id: first.info.id, rating: 5, content: 'Fixed in the new version' });
    expect(mine.blocked).toBe('');
  });
});

describe('the average and count', () => {
  it('counts reviews from one address once, on the item page, the detail call and the list', async () => {
    const { id } = await releaseItem(dev, admin);
    const office = randomIp();
    const a = await downloader(id);
    const b = await downloader(id);
    const c = await downloader(id);
    await write(id, a, 1, 'Bad', office);
    await write(id, b, 1, 'Also bad, from the same desk', office);
    const last = await write(id, c, 5, 'Works for me');
    // Two addresses voted: the office (1) and c (5); the office's two reviews weigh as one.
    expect(last.info).toMatchObject({ rating: 3, rating_count: 2 });

    const shown = (await page(id)).info;
    expect(shown).toMatchObject({ rating: 3, rating_count: 2, count: 3 });
    expect(shown.list.map((r) => r.content)).toEqual(['Works for me', 'Also bad, from the same desk', 'Bad']);

    const detail = await callApi<{ detail: { rating: number; rating_count: number } }>(pluginDetail, {
      form: { id: String(id) },
    });
    expect(detail.info.detail).toMatchObject({ rating: 3, rating_count: 2 });
  });
});

describe('the developer answers', () => {
  it('lets only the item’s developer answer a review, publicly', async () => {
    const { id } = await releaseItem(dev, admin);
    const user = await downloader(id);
    const { info } = await write(id, user, 3, 'Needs a dark mode');

    const other = await registerUser();
    const refused = await callApi(reply, {
      json: { review_id: info.id, reply: 'Not mine to say' },
      token: other.token,
      lang: 'en-us',
    });
    expect(refused).toMatchObject({ code: 0, msg: "Only the item's developer may answer its reviews" });
    expect(
      (await callApi(reply, { json: { review_id: info.id, reply: 'Hi' }, token: user.token })).code,
    ).toBe(0);

    const answered = await callApi(reply, {
      json: { review_id: info.id, reply: 'Dark mode ships in 1.1' },
      token: dev.token,
    });
    expect(answered.code).toBe(1);
    expect((await page(id)).info.list[0]).toMatchObject({ reply: 'Dark mode ships in 1.1' });
  });
});

describe('reports and moderation', () => {
  it('takes one report per person, lists it for administrators, and hides the review with a reason', async () => {
    const { id } = await releaseItem(dev, admin);
    const rude = await downloader(id);
    const fair = await downloader(id);
    const bad = await write(id, rude, 1, 'Rude words');
    await write(id, fair, 5, 'Solid');
    expect((await page(id)).info).toMatchObject({ rating: 3, rating_count: 2 });

    const reporter = await registerUser();
    const reported = await callApi(report, {
      json: { review_id: bad.info.id, reason: 'Insults' },
      token: reporter.token,
    });
    expect(reported.code).toBe(1);
    const again = await callApi(report, {
      json: { review_id: bad.info.id, reason: 'Still insults' },
      token: reporter.token,
      lang: 'en-us',
    });
    expect(again).toMatchObject({ code: 0, msg: 'You have already reported this review' });
    // Anyone may report, without an account.
    expect((await callApi(report, { json: { review_id: bad.info.id, reason: 'Spam' } })).code).toBe(1);

    expect((await callApi(moderation, { json: {}, token: reporter.token })).status).toBe(403);
    const queue = await callApi<ReviewModerationPage>(moderation, { json: {}, token: admin.token });
    const row = queue.info.list.find((r) => r.id === bad.info.id);
    expect(row).toMatchObject({ reports: 2, hidden: false, content: 'Rude words' });
    expect(row?.reasons).toEqual(expect.arrayContaining(['Insults', 'Spam']));

    const noReason = await callApi(hide, {
      json: { review_id: bad.info.id, hidden: true },
      token: admin.token,
      lang: 'en-us',
    });
    expect(noReason).toMatchObject({ code: 0, msg: 'Please give a reason' });
    const hidden = await callApi(hide, {
      json: { review_id: bad.info.id, hidden: true, reason: 'Insults other users' },
      token: admin.token,
    });
    expect(hidden).toMatchObject({ code: 1, info: { hidden: true } });

    // Gone from the public answer and from the average; its writer still sees it, with the reason.
    const shown = (await page(id)).info;
    expect(shown).toMatchObject({ count: 1, rating: 5, rating_count: 1 });
    expect(shown.list.map((r) => r.id)).not.toContain(bad.info.id);
    expect((await page(id, rude)).info.mine).toMatchObject({
      hidden: true,
      hidden_reason: 'Insults other users',
    });

    const hiddenList = await callApi<ReviewModerationPage>(moderation, {
      json: { view: 'hidden' },
      token: admin.token,
    });
    expect(hiddenList.info.list.find((r) => r.id === bad.info.id)).toMatchObject({
      hidden_reason: 'Insults other users',
    });

    await callApi(hide, { json: { review_id: bad.info.id, hidden: false }, token: admin.token });
    expect((await page(id)).info).toMatchObject({ count: 2, rating: 3, rating_count: 2 });
  });
});

describe('sorting the store by rating', () => {
  it('lists the best rated items first, rated items before unrated ones', async () => {
    const low = await releaseItem(dev, admin);
    const high = await releaseItem(dev, admin);
    const none = await releaseItem(dev, admin);
    await write(low.id, await downloader(low.id), 2, 'Meh');
    await write(high.id, await downloader(high.id), 5, 'Great');

    const list = await callApi<StoreList>(center, {
      form: { type: 'plugins', sortBy: 'rating', limit: '100' },
    });
    const ours = list.info.list.filter((i) => [low.id, high.id, none.id].includes(i.id));
    expect(ours.map((i) => i.id)).toEqual([high.id, low.id, none.id]);
    expect(ours.map((i) => [i.rating, i.rating_count])).toEqual([
      [5, 1],
      [2, 1],
      [0, 0],
    ]);
  });
});

describe('rate limits', () => {
  it('refuses an account’s writes past the hour’s limit', async () => {
    const { id } = await releaseItem(dev, admin);
    const user = await downloader(id);
    // The windows are fixed hours: all of these calls must fall in one.
    await withinOneWindow(REVIEW_SAVE_LIMIT.windowSeconds, 60);
    for (let n = 1; n <= REVIEW_SAVE_LIMIT.limit; n++)
      expect((await write(id, user, 3, `Edit number ${n}`)).code).toBe(1);
    const refused = await write(id, user, 3, 'One edit too many');
    expect(refused.status).toBe(429);
    expect((await page(id)).info.list[0]?.content).toBe(`Edit number ${REVIEW_SAVE_LIMIT.limit}`);
  });
});
