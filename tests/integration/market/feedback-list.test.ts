import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as feedbackList } from '@/app/api/developer/feedback_list/route';
import { GET as media, HEAD as mediaHead } from '@/app/api/developer/feedback_media/[id]/[name]/route';
import { POST as feedbackRead } from '@/app/api/developer/feedback_read/route';
import { POST as pluginsAdd } from '@/app/api/developer_plugins/plugins_add/route';
import { POST as feedbackItems } from '@/app/api/market/feedback_items/route';
import type { FeedbackRow, FeedbackTarget } from '@/contract/feedback';
import { getDb } from '@/server/db/client';
import { appVersions } from '@/server/db/schema';
import { type Registered, registerUser } from '../../support/factories';
import { AVI, cmsFields, MP4, releasedItem, sendFeedback } from './feedback-support';
import { callApi, callMultipart, fields, file, PNG, pluginZip, registerAdmin, submitPlugin } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

type List = { list: FeedbackRow[]; count: number; unread: number };

let dev: Registered;
let other: Registered;
let admin: Registered;
let plugin: number;
let theme: number;
let otherPlugin: number;
const ids: Record<string, number> = {};

const listOf = (who: Registered, json: object = {}) =>
  callApi<List>(feedbackList, { json, token: who.token, lang: 'en-us' });

/** Fetches a media URL of the list the way the browser does, with the caller's session cookie. */
function fetchMedia(url: string, who?: Registered, headers: Record<string, string> = {}, method = 'GET') {
  const [, , , , id, name] = url.split('/');
  const request = new Request(`http://localhost:3000${url}`, {
    method,
    headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) },
  });
  return (method === 'HEAD' ? mediaHead : media)(request, {
    params: Promise.resolve({ id: id!, name: name! }),
  });
}

beforeAll(async () => {
  dev = await registerUser();
  other = await registerUser();
  admin = await registerAdmin();
  plugin = await releasedItem(dev, admin, 'plugin', 'Player tools');
  theme = await releasedItem(dev, admin, 'theme');
  otherPlugin = await releasedItem(other, admin, 'plugin', 'Other plugin');
  const reports: [string, number, Record<string, string | File[]>][] = [
    ['pluginOld', plugin, {}],
    ['theme', theme, { type: 'theme', 'videos[]': [file(AVI, 'clip.avi')] }],
    ['otherDev', otherPlugin, {}],
    ['pluginNew', plugin, { content: 'Newest report' }],
  ];
  for (const [name, id, extra] of reports) {
    const res = await sendFeedback(cmsFields(id, extra));
    if (res.code !== 1) throw new Error(res.msg);
    ids[name] = res.info.id;
  }
});

describe('POST /api/developer/feedback_list', () => {
  it('needs a session', async () => {
    const res = await callApi(feedbackList, { json: {}, lang: 'en-us' });
    expect(res.status).toBe(401);
  });

  it('lists the developer’s own feedback, newest first, with everything the centre shows', async () => {
    const res = await listOf(dev);
    expect(res.code).toBe(1);
    expect(res.info.count).toBe(3);
    expect(res.info.unread).toBe(3);
    expect(res.info.list.map((r) => r.id)).toEqual([ids.pluginNew, ids.theme, ids.pluginOld]);
    const row = res.info.list[0]!;
    expect(row).toMatchObject({
      app_id: plugin,
      type: 'plugin',
      name: 'Player tools',
      status: 3,
      version: '1.0.0',
      content: 'Newest report',
      is_read: false,
      mine: true,
    });
    expect(row.images).toEqual([
      expect.stringMatching(/^\/api\/developer\/feedback_media\/\d+\/[0-9a-f-]{36}\.png$/),
    ]);
    expect(row.videos).toEqual([
      { url: expect.stringMatching(/\.mp4$/), mime: 'video/mp4', size: MP4.length, playable: true },
    ]);
    expect(row.create_time).toBeGreaterThan(1_700_000_000);
    expect(row.create_time_text).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const avi = res.info.list[1]!;
    expect(avi).toMatchObject({ type: 'theme', videos: [{ mime: 'video/x-msvideo', playable: false }] });
  });

  it('filters by kind and by the status of the item, and pages', async () => {
    expect((await listOf(dev, { type: 'theme' })).info.list.map((r) => r.id)).toEqual([ids.theme]);
    expect((await listOf(dev, { type: 'plugin' })).info.count).toBe(2);
    expect((await listOf(dev, { status: '3' })).info.count).toBe(3);
    const page2 = await listOf(dev, { page: 2, limit: 2 });
    expect(page2.info).toMatchObject({ count: 3 });
    expect(page2.info.list.map((r) => r.id)).toEqual([ids.pluginOld]);
    expect((await listOf(dev, { page: 99 })).info.list).toEqual([]);

    // A new version under review moves the item to "Under review"; its public name stays.
    const update = await callMultipart(
      pluginsAdd,
      {
        ...fields({ name: 'Player tools 2' }),
        id: String(plugin),
        version: '1.1.0',
        source: file(pluginZip(await folderOf(plugin)), 'p.zip'),
        pc_image: file(PNG, 't.png'),
      },
      { token: dev.token, lang: 'en-us' },
    );
    expect(update.msg).toBe('Submitted successfully');
    const reviewing = await listOf(dev, { status: '0' });
    expect(reviewing.info.list.map((r) => r.id)).toEqual([ids.pluginNew, ids.pluginOld]);
    expect(reviewing.info.list[0]).toMatchObject({ status: 0, name: 'Player tools' });
    expect((await listOf(dev, { status: '3' })).info.list.map((r) => r.id)).toEqual([ids.theme]);
  });

  it('never shows another developer’s feedback; administrators see everyone’s only with all=1', async () => {
    expect((await listOf(other)).info.list.map((r) => r.id)).toEqual([ids.otherDev]);
    expect((await listOf(other, { all: 1 })).info.count).toBe(1);
    expect((await listOf(admin)).info.count).toBe(0);
    const all = await listOf(admin, { all: 1 });
    expect(all.info.count).toBe(4);
    expect(all.info.list.every((r) => r.mine === false)).toBe(true);
  });
});

describe('feedback media', () => {
  let image: string;
  let video: string;
  let avi: string;
  beforeAll(async () => {
    const list = (await listOf(dev)).info.list;
    image = list.find((r) => r.id === ids.pluginNew)!.images[0]!;
    video = list.find((r) => r.id === ids.pluginNew)!.videos[0]!.url;
    avi = list.find((r) => r.id === ids.theme)!.videos[0]!.url;
  });

  it('serves the item’s developer the screenshot and the video with their types', async () => {
    const img = await fetchMedia(image, dev);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect(img.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(new Uint8Array(await img.arrayBuffer())).toEqual(PNG);
    const mp4 = await fetchMedia(video, dev);
    expect(mp4.headers.get('content-type')).toBe('video/mp4');
    expect(mp4.headers.get('accept-ranges')).toBe('bytes');
    expect(mp4.headers.get('content-disposition')).toBe('inline');
    expect(new Uint8Array(await mp4.arrayBuffer())).toEqual(MP4);
    const download = await fetchMedia(avi, dev);
    expect(download.headers.get('content-type')).toBe('video/x-msvideo');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="feedback-\d+\.avi"$/);
  });

  it('answers byte ranges so the video can seek', async () => {
    const part = await fetchMedia(video, dev, { range: 'bytes=4-11' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${MP4.length}`);
    expect(new TextDecoder().decode(await part.arrayBuffer())).toBe('ftypisom');
    const tail = await fetchMedia(video, dev, { range: 'bytes=-4' });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(MP4.subarray(-4));
    const open = await fetchMedia(video, dev, { range: `bytes=${MP4.length - 2}-` });
    expect(open.headers.get('content-length')).toBe('2');
    const beyond = await fetchMedia(video, dev, { range: `bytes=${MP4.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${MP4.length}`);
    const head = await fetchMedia(video, dev, {}, 'HEAD');
    expect(head.headers.get('content-length')).toBe(String(MP4.length));
  });

  it('refuses everyone but the developer and administrators', async () => {
    expect((await fetchMedia(image)).status).toBe(401);
    expect((await fetchMedia(image, other)).status).toBe(403);
    expect((await fetchMedia(video, other)).status).toBe(403);
    expect((await fetchMedia(image, admin)).status).toBe(200);
  });

  it('answers 404 for keys that are not this report’s', async () => {
    const [, , , , id, name] = image.split('/');
    const otherReport = image.replace(`/${id}/`, `/${ids.otherDev}/`);
    expect((await fetchMedia(otherReport, admin)).status).toBe(404);
    expect(
      (await fetchMedia(image.replace(name!, '00000000-0000-0000-0000-000000000000.png'), dev)).status,
    ).toBe(404);
    expect((await fetchMedia(`/api/developer/feedback_media/${id}/..%2F..%2Fetc%2Fpasswd`, dev)).status).toBe(
      404,
    );
    expect((await fetchMedia(`/api/developer/feedback_media/abc/${name}`, dev)).status).toBe(404);
  });
});

describe('POST /api/developer/feedback_read', () => {
  it('lets only the item’s developer mark a report as read', async () => {
    const foreign = await callApi(feedbackRead, {
      json: { id: ids.pluginOld },
      token: other.token,
      lang: 'en-us',
    });
    expect(foreign).toMatchObject({ status: 403, msg: "This feedback is about another developer's item" });
    const byAdmin = await callApi(feedbackRead, { json: { id: ids.pluginOld }, token: admin.token });
    expect(byAdmin.status).toBe(403);
    const unknown = await callApi(feedbackRead, { json: { id: 999999 }, token: dev.token, lang: 'en-us' });
    expect(unknown).toMatchObject({ status: 200, code: 0, msg: 'This feedback does not exist' });
    expect((await callApi(feedbackRead, { json: {}, token: dev.token })).code).toBe(0);

    const read = await callApi<{ read_time: number }>(feedbackRead, {
      form: { id: String(ids.pluginOld) },
      token: dev.token,
      lang: 'en-us',
    });
    expect(read).toMatchObject({ code: 1, msg: 'Marked as read' });
    const list = await listOf(dev);
    expect(list.info.unread).toBe(2);
    expect(list.info.list.find((r) => r.id === ids.pluginOld)).toMatchObject({
      is_read: true,
      read_time: read.info.read_time,
    });
  });

  it('marks all of the developer’s reports as read with all=1, and nobody else’s', async () => {
    const res = await callApi<{ count: number }>(feedbackRead, { json: { all: 1 }, token: dev.token });
    expect(res.info.count).toBe(2);
    expect((await listOf(dev)).info.unread).toBe(0);
    expect((await listOf(other)).info.unread).toBe(1);
  });
});

describe('POST /api/market/feedback_items (the form’s item search)', () => {
  it('finds released items by name with their versions, and one item by id', async () => {
    await submitPlugin(dev.token, { name: 'Pending plugin' });
    const res = await callApi<{ list: FeedbackTarget[] }>(feedbackItems, {
      json: { type: 'plugin', name: 'plugin' },
    });
    expect(res.info.list.map((i) => i.id)).toEqual([otherPlugin]);
    expect(res.info.list[0]).toMatchObject({ version: '1.0.0', versions: ['1.0.0'] });
    const byId = await callApi<{ list: FeedbackTarget[] }>(feedbackItems, {
      json: { type: 'plugin', id: theme },
    });
    expect(byId.info.list).toEqual([expect.objectContaining({ id: theme, type: 'theme' })]);
  });
});

async function folderOf(id: number) {
  const db = await getDb();
  const [v] = await db
    .select({ folder: appVersions.folder })
    .from(appVersions)
    .where(eq(appVersions.appId, id));
  return v!.folder;
}
