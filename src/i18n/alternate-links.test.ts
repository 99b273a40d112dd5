import { afterEach, describe, expect, it, vi } from 'vitest';

/** The language versions a page names in its `Link` header come from SITE_URL alone. */
describe('alternate links', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('names every language and x-default under SITE_URL, whatever the request said', async () => {
    vi.stubEnv('SITE_URL', 'https://portal.example.com/');
    vi.resetModules();
    const { alternateLinks } = await import('./alternate-links');
    const links = alternateLinks('/en-us/helpCenter/');
    expect(links).toBe(
      [
        '<https://portal.example.com/helpCenter>; rel="alternate"; hreflang="zh-cn"',
        '<https://portal.example.com/zh-tw/helpCenter>; rel="alternate"; hreflang="zh-tw"',
        '<https://portal.example.com/en-us/helpCenter>; rel="alternate"; hreflang="en-us"',
        '<https://portal.example.com/helpCenter>; rel="alternate"; hreflang="x-default"',
      ].join(', '),
    );
    expect(alternateLinks('/zh-tw')).toContain('<https://portal.example.com/en-us>; rel="alternate"');
    expect(alternateLinks('/')).toContain('<https://portal.example.com/>; rel="alternate"; hreflang="zh-cn"');
  });
});
