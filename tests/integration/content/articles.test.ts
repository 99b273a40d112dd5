import { beforeAll, describe, expect, it } from 'vitest';
import { GET as detail } from '@/app/api/article/detail/route';
import { GET as list } from '@/app/api/article/list/route';
import { type articleDetail, articleList } from '@/contract/api/content';
import type { OutputOf } from '@/contract/api/operation';
import { BACKDOOR_POST_SLUG } from '@/contract/content';
import { saveArticle } from '@/server/content/save-article';
import { seedContent } from '@/server/seed/content';
import { callApi } from '../../support/api';

type ListInfo = OutputOf<typeof articleList>;
type DetailInfo = OutputOf<typeof articleDetail>;

const get = <T>(route: typeof list, path: string, lang?: string) =>
  callApi<T>(route, { method: 'GET', path, lang });

beforeAll(async () => {
  await seedContent();
  await seedContent(); // a second start must not duplicate anything
});

describe('GET /api/article/list', () => {
  it('pages the posts newest first with the fields the old portal answered', async () => {
    const res = await get<ListInfo>(list, '/api/article/list?offset=0&limit=4');
    expect(res.code).toBe(1);
    expect(res.info.total).toBeGreaterThanOrEqual(6);
    expect(res.info.rows).toHaveLength(4);
    const [first] = res.info.rows;
    expect(Object.keys(first!)).toEqual(
      expect.arrayContaining(['article_id', 'title', 'content_abbr', 'image_url', 'create_time']),
    );
    const times = res.info.rows.map((r) => r.create_time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // A row without the time the old portal's clients read would fail the operation's check.
    const { create_time: _time, ...lost } = first!;
    expect(articleList.output.safeParse({ ...res.info, rows: [lost] }).success).toBe(false);
    const rest = await get<ListInfo>(list, '/api/article/list?offset=4&limit=4');
    expect(rest.info.rows.map((r) => r.article_id)).not.toContain(first!.article_id);
  });

  it('answers in the language asked for, falling back to zh-cn', async () => {
    const zh = await get<ListInfo>(list, '/api/article/list?limit=50');
    const en = await get<ListInfo>(list, '/api/article/list?limit=50', 'en-us');
    expect(zh.info.rows.find((r) => r.slug === BACKDOOR_POST_SLUG)?.title).toMatch(/后门/);
    expect(en.info.rows.find((r) => r.slug === BACKDOOR_POST_SLUG)?.title).toMatch(/backdoor/);
    expect(en.info.total).toBe(zh.info.total);
  });

  it('shows each language the cover that carries the title in that language', async () => {
    const covers = new Map<string, string>();
    for (const lang of ['zh-cn', 'zh-tw', 'en-us']) {
      const res = await get<ListInfo>(list, '/api/article/list?limit=50', lang);
      covers.set(lang, res.info.rows.find((r) => r.slug === BACKDOOR_POST_SLUG)?.image_url ?? '');
    }
    expect(covers.get('zh-cn')).toBe(`/content/blog/${BACKDOOR_POST_SLUG}.zh-cn.svg`);
    expect(covers.get('zh-tw')).toBe(`/content/blog/${BACKDOOR_POST_SLUG}.zh-tw.svg`);
    expect(covers.get('en-us')).toBe(`/content/blog/${BACKDOOR_POST_SLUG}.svg`);
  });

  it('refuses negative, huge and non-numeric offsets and limits with a clear message', async () => {
    for (const query of [
      'offset=-1',
      'offset=999999999',
      'limit=0',
      'limit=100000',
      'limit=abc',
      'offset=1.5',
    ]) {
      const res = await get<ListInfo>(list, `/api/article/list?${query}`, 'en-us');
      expect(res.status).toBe(200);
      expect(res.code, query).toBe(0);
      expect(res.msg).toMatch(/offset|limit/);
    }
  });
});

describe('GET /api/article/detail', () => {
  it('answers a post by id or slug, with sanitised HTML and its neighbours', async () => {
    const bySlug = await get<DetailInfo>(detail, `/api/article/detail?id=${BACKDOOR_POST_SLUG}`);
    expect(bySlug.code).toBe(1);
    expect(bySlug.info.detail.content).toContain('<h2');
    const byId = await get<DetailInfo>(detail, `/api/article/detail?id=${bySlug.info.detail.article_id}`);
    expect(byId.info.detail.title).toBe(bySlug.info.detail.title);
    expect(bySlug.info.prev ?? bySlug.info.next).not.toBeNull();
  });

  it('says clearly when the id is unknown or malformed', async () => {
    for (const id of ['999999', 'no-such-post', '../etc', '-1', '']) {
      const res = await get<DetailInfo>(detail, `/api/article/detail?id=${encodeURIComponent(id)}`, 'en-us');
      expect(res.status).toBe(200);
      expect(res.code, id).toBe(0);
      expect(res.msg).toMatch(/article/i);
    }
  });

  it('strips scripts, event handlers and javascript: links from Markdown', async () => {
    await saveArticle({
      slug: 'hostile-post',
      imageUrl: '',
      publishedAt: new Date('2020-01-01T00:00:00Z'),
      texts: {
        'zh-cn': {
          title: 'hostile',
          markdown:
            '<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n<a href="javascript:alert(2)">x</a>',
        },
      },
    });
    const res = await get<DetailInfo>(detail, '/api/article/detail?id=hostile-post');
    expect(res.code).toBe(1);
    const html = res.info.detail.content;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
  });
});
