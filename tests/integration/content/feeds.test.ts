import { beforeAll, describe, expect, it } from 'vitest';
import robots from '@/app/robots';
import { GET as rss } from '@/app/rss.xml/route';
import sitemap from '@/app/sitemap';
import { BACKDOOR_POST_SLUG } from '@/contract/content';
import { seedContent } from '@/server/seed/content';

beforeAll(async () => {
  await seedContent();
});

describe('feeds for readers and search engines', () => {
  it('publishes an RSS feed of the posts in the language asked for', async () => {
    const res = await rss(new Request('http://localhost:3000/rss.xml?lang=en-us'));
    expect(res.headers.get('content-type')).toContain('application/rss+xml');
    const xml = await res.text();
    expect(xml).toContain('<rss version="2.0">');
    expect(xml).toContain(`/en-us/blog/${BACKDOOR_POST_SLUG}</link>`);
    expect((xml.match(/<item>/g) ?? []).length).toBeGreaterThanOrEqual(6);
  });

  it('lists home, docs, posts and help in the sitemap with their language alternates', async () => {
    const entries = await sitemap();
    const urls = entries.map((e) => e.url);
    expect(urls).toContain('http://localhost:3000/');
    expect(urls).toContain(`http://localhost:3000/blog/${BACKDOOR_POST_SLUG}`);
    expect(urls.some((u) => u.includes('/document?menu=faq&sub=storage'))).toBe(true);
    const home = entries.find((e) => e.url === 'http://localhost:3000/');
    expect(home?.alternates?.languages).toMatchObject({ 'en-US': 'http://localhost:3000/en-us' });
  });

  it('points robots at the sitemap and keeps crawlers out of the API', () => {
    const rules = robots();
    expect(rules.sitemap).toBe('http://localhost:3000/sitemap.xml');
    expect(JSON.stringify(rules.rules)).toContain('/api/');
  });
});
