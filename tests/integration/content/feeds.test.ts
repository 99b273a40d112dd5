import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import robots from '@/app/robots';
import { GET as rss } from '@/app/rss.xml/route';
import { GET as sitemap } from '@/app/sitemap.xml/route';
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

  it('lists home, docs, posts and help in a valid sitemap with their language alternates', async () => {
    const res = await sitemap();
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true); // docs URLs carry `&`: escaped, or the file is void
    type Url = { loc: string; 'xhtml:link': { '@_hreflang': string; '@_href': string }[] };
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml) as { urlset: { url: Url[] } };
    const entries = parsed.urlset.url;
    const urls = entries.map((e) => e.loc);
    expect(urls).toContain('http://localhost:3000/');
    expect(urls).toContain(`http://localhost:3000/blog/${BACKDOOR_POST_SLUG}`);
    expect(urls).toContain('http://localhost:3000/document?menu=faq&sub=storage');
    expect(urls).toContain('http://localhost:3000/helpCenter');
    const home = entries.find((e) => e.loc === 'http://localhost:3000/');
    expect(home?.['xhtml:link']).toContainEqual({
      '@_rel': 'alternate',
      '@_hreflang': 'en-US',
      '@_href': 'http://localhost:3000/en-us',
    });
  });

  it('points robots at the sitemap and keeps crawlers out of the API', () => {
    const rules = robots();
    expect(rules.sitemap).toBe('http://localhost:3000/sitemap.xml');
    expect(JSON.stringify(rules.rules)).toContain('/api/');
  });
});
