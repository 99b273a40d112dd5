import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as themeFeedback } from '@/app/api/market_theme/feedback/route';
import { getDb } from '@/server/db/client';
import { feedback } from '@/server/db/schema';
import { type Registered, registerUser } from '../../support/factories';
import { AVI, cmsFields, feedbackRows, JPG, MP4, MPEG, releasedItem, sendFeedback } from './feedback-support';
import { file, PNG, registerAdmin, storedFiles, submitPlugin } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0, 0, 0xff, 0xff]);
const big = (head: Uint8Array) => {
  const bytes = new Uint8Array(3 * 1024 * 1024 + 1);
  bytes.set(head);
  return bytes;
};

/** The same boxes with other brands in `ftyp` (major, minor skipped, compatible). */
const withBrands = (mp4: Uint8Array, brands: string) => {
  const out = Uint8Array.from(mp4);
  out.set(Buffer.from(brands.slice(0, 4)), 8);
  out.set(Buffer.from(brands.slice(4)), 16);
  return out;
};

let dev: Registered;
let admin: Registered;
let plugin: number;
let theme: number;

beforeAll(async () => {
  dev = await registerUser();
  admin = await registerAdmin();
  plugin = await releasedItem(dev, admin, 'plugin');
  theme = await releasedItem(dev, admin, 'theme');
});

const rowOf = async (id: number) => {
  const db = await getDb();
  const [row] = await db.select().from(feedback).where(eq(feedback.id, id));
  return row!;
};

describe('POST /api/market/feedback from the CMS admin', () => {
  it('accepts the exact request of the CMS: multipart, images[] and videos[], lang header, no token', async () => {
    const before = storedFiles().length;
    const res = await sendFeedback(cmsFields(plugin));
    expect(res).toMatchObject({ status: 200, code: 1, msg: 'Submitted successfully' });
    const row = await rowOf(res.info.id);
    expect(row).toMatchObject({
      appId: plugin,
      version: '1.0.0',
      content: 'The player page shows a blank screen after installing.',
      userId: null,
    });
    expect(row.versionId).not.toBeNull();
    expect(row.images).toHaveLength(1);
    expect(row.images[0]).toMatch(/^market\/feedback\/[0-9a-f-]{36}\.png$/);
    expect(row.videos).toEqual([
      { key: expect.stringMatching(/\.mp4$/), mime: 'video/mp4', size: MP4.length },
    ]);
    expect(storedFiles().length).toBe(before + 2);
  });

  it('answers in the language of the lang header', async () => {
    const zh = await sendFeedback(cmsFields(plugin, { content: '' }), { lang: 'zh-cn' });
    expect(zh).toMatchObject({ status: 200, code: 0, msg: '请填写反馈内容' });
    const tw = await sendFeedback(cmsFields(999999), { lang: 'zh-tw' });
    expect(tw).toMatchObject({ status: 200, code: 0, msg: '該外掛或模板不存在或尚未發布' });
    const none = await sendFeedback(cmsFields(plugin, { version: '' }), {});
    expect(none).toMatchObject({ code: 0, msg: '请选择版本号' });
  });

  it('takes the portal’s own field names and records a logged-in caller', async () => {
    const reporter = await registerUser();
    const res = await sendFeedback(
      {
        id: String(plugin),
        type: 'plugin',
        version: '0.9-beta',
        content: '  Crashes on save \u0007 \n twice  ', // NUL itself is refused before any schema (400)
        images: [file(JPG, 'a.jpg'), file(PNG, 'b.png')],
        videos: [file(AVI, 'a.avi'), file(MPEG, 'b.mpg')],
      },
      { token: reporter.token, lang: 'en-us' },
    );
    expect(res.code).toBe(1);
    const row = await rowOf(res.info.id);
    expect(row.userId).toBe(reporter.user.user_id);
    expect(row.content).toBe('Crashes on save  \n twice');
    // A version string that is none of the item's versions is kept as text, without a link.
    expect(row).toMatchObject({ version: '0.9-beta', versionId: null });
    expect(row.images.map((k) => k.split('.').at(-1))).toEqual(['jpg', 'png']);
    expect(row.videos.map((v) => v.mime)).toEqual(['video/x-msvideo', 'video/mpeg']);
  });

  it('takes theme reports on /api/market/feedback (type=theme) and /api/market_theme/feedback', async () => {
    const viaMarket = await sendFeedback(cmsFields(theme, { type: 'theme' }));
    expect(viaMarket.code).toBe(1);
    const viaTheme = await sendFeedback(cmsFields(theme, { type: '' }), { lang: 'en-us' }, themeFeedback);
    expect(viaTheme.code).toBe(1);
    expect((await rowOf(viaTheme.info.id)).appId).toBe(theme);
  });

  it('counts 300 characters as people do: emoji are one character each', async () => {
    const ok = await sendFeedback(cmsFields(plugin, { content: `${'好'.repeat(299)}😀` }));
    expect(ok.code).toBe(1);
    const long = await sendFeedback(cmsFields(plugin, { content: 'a'.repeat(301) }));
    expect(long).toMatchObject({ code: 0, msg: 'The feedback may be at most 300 characters' });
  });
});

describe('bad input leaves no row and no file', () => {
  const cases: [string, () => Record<string, string | File | File[]>, string][] = [
    ['no version', () => cmsFields(plugin, { version: '' }), 'Please choose the version number'],
    ['no content', () => cmsFields(plugin, { content: '   ' }), 'Please describe the problem'],
    [
      'no screenshot',
      () => cmsFields(plugin, { 'images[]': [] }),
      'Please upload a screenshot of the problem',
    ],
    [
      'an empty file input instead of a screenshot',
      () => cmsFields(plugin, { 'images[]': [file(new Uint8Array(0), '')] }),
      'Please upload a screenshot of the problem',
    ],
    ['no video', () => cmsFields(plugin, { 'videos[]': [] }), 'Please upload a video of the problem'],
    ['no item id', () => cmsFields(plugin, { bind_id: '' }), 'Please choose the plugin or theme'],
    [
      'an executable renamed .png',
      () => cmsFields(plugin, { 'images[]': [file(EXE, 'screen.png', 'image/png')] }),
      '"screen.png" is not a JPG or PNG image',
    ],
    [
      'a PHP upload temp file that is no image (the CMS sends its temp names)',
      () => cmsFields(plugin, { 'images[]': [file(EXE, '/tmp/phpm8pT7z', 'application/octet-stream')] }),
      'The screenshot is not a JPG or PNG image',
    ],
    [
      'a GIF (only JPG and PNG are screenshots)',
      () => cmsFields(plugin, { 'images[]': [file(Buffer.from('GIF89a\x01\x00\x01\x00'), 'x.png')] }),
      '"x.png" is not a JPG or PNG image',
    ],
    [
      'a text file renamed .mp4',
      () =>
        cmsFields(plugin, { 'videos[]': [file(Buffer.from('not a video at all'), 'clip.mp4', 'video/mp4')] }),
      '"clip.mp4" is not an MP4, AVI or MPEG video',
    ],
    [
      'an executable renamed .avi',
      () => cmsFields(plugin, { 'videos[]': [file(EXE, 'clip.avi', 'video/x-msvideo')] }),
      '"clip.avi" is not an MP4, AVI or MPEG video',
    ],
    [
      'an MP4 header over junk',
      () =>
        cmsFields(plugin, {
          'videos[]': [file(Uint8Array.from([...MP4.subarray(0, 40), 1, 2, 3]), 'c.mp4')],
        }),
      '"c.mp4" is not an MP4, AVI or MPEG video',
    ],
    [
      'a HEIC photo (same container and boxes as MP4, an image brand)',
      () => cmsFields(plugin, { 'videos[]': [file(withBrands(MP4, 'heicmif1heicmif1'), 'p.mp4')] }),
      '"p.mp4" is not an MP4, AVI or MPEG video',
    ],
    [
      'a screenshot over 3 MB',
      () => cmsFields(plugin, { 'images[]': [file(big(PNG), 'big.png')] }),
      'Each screenshot may be at most 3 MB',
    ],
    [
      'a video over 3 MB',
      () => cmsFields(plugin, { 'videos[]': [file(big(MP4), 'big.mp4')] }),
      'Each video may be at most 3 MB',
    ],
    [
      'four screenshots',
      () => cmsFields(plugin, { 'images[]': [1, 2, 3, 4].map((n) => file(PNG, `${n}.png`)) }),
      'At most 3 screenshots',
    ],
    ['an unknown id', () => cmsFields(999999), 'This plugin or theme does not exist or is not released'],
    [
      'a plugin id sent as a theme',
      () => cmsFields(plugin, { type: 'theme' }),
      'This plugin or theme does not exist or is not released',
    ],
    ['an unknown type', () => cmsFields(plugin, { type: 'widget' }), 'The type must be plugin or theme'],
  ];

  it.each(cases)('refuses %s with a clear message', async (_name, build, msg) => {
    const files = storedFiles();
    const rows = await feedbackRows();
    const res = await sendFeedback(build());
    expect(res).toMatchObject({ status: 200, code: 0, msg });
    expect(storedFiles()).toEqual(files);
    expect(await feedbackRows()).toBe(rows);
  });

  it('refuses an item that is not released yet, and a plugin id on the theme route', async () => {
    const pending = (await submitPlugin(dev.token, { name: 'Pending' })).id;
    const files = storedFiles();
    const rows = await feedbackRows();
    const res = await sendFeedback(cmsFields(pending));
    expect(res).toMatchObject({ code: 0, msg: 'This plugin or theme does not exist or is not released' });
    const wrongRoute = await sendFeedback(cmsFields(plugin), { lang: 'en-us' }, themeFeedback);
    expect(wrongRoute).toMatchObject({
      code: 0,
      msg: 'This plugin or theme does not exist or is not released',
    });
    expect(storedFiles()).toEqual(files);
    expect(await feedbackRows()).toBe(rows);
  });

  it('removes the files it wrote when the row cannot be saved', async () => {
    const db = await getDb();
    await db.execute(sql`
      create or replace function refuse_feedback() returns trigger as $$
      begin raise exception 'refused for the test'; end $$ language plpgsql`);
    await db.execute(
      sql`create trigger refuse_feedback before insert on market_feedback for each row execute function refuse_feedback()`,
    );
    const files = storedFiles();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await sendFeedback(cmsFields(plugin));
      expect(res.status).toBe(500);
      expect(storedFiles()).toEqual(files);
    } finally {
      spy.mockRestore();
      await db.execute(sql`drop trigger refuse_feedback on market_feedback`);
    }
    expect((await sendFeedback(cmsFields(plugin))).code).toBe(1);
  });

  it('limits the reports one address can send in an hour, in words the CMS shows', async () => {
    const ip = '10.200.1.1';
    const send = () =>
      sendFeedback(cmsFields(plugin, { 'images[]': [file(JPG, 'a.jpg')] }), { lang: 'en-us', ip });
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await send());
    expect(answers.slice(0, 20).every((a) => a.code === 1)).toBe(true);
    // Each answer says how many reports are left; the count goes down to 0.
    expect(answers[0]!.response.headers.get('ratelimit-limit')).toBe('20');
    expect(answers[0]!.response.headers.get('ratelimit-remaining')).toBe('19');
    expect(answers[19]!.response.headers.get('ratelimit-remaining')).toBe('0');
    // The CMS reads only HTTP 200 answers: the limit is a business failure with a message.
    expect(answers[20]).toMatchObject({ status: 200, code: 0 });
    expect(answers[20]!.msg).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    const wait = Number(answers[20]!.response.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    // The theme path counts against the same reports: that address is refused there too.
    const onTheme = await sendFeedback(
      cmsFields(theme, { type: 'theme' }),
      { lang: 'en-us', ip },
      themeFeedback,
    );
    expect(onTheme).toMatchObject({ status: 200, code: 0 });
    expect(onTheme.msg).toMatch(/^Too many attempts/);
  });
});
