import { describe, expect, it } from 'vitest';
import { articleDetailSchema, articleListSchema } from '@/contract/content';
import { libraryQuerySchema, provideQuerySchema } from '@/contract/resource';
import { queryHref } from '@/features/store/query';
import {
  acceptedEncoding,
  cacheKey,
  PROVIDE_QUERY,
  pageUrl,
  personal,
  publicRoute,
  replayHeaders,
} from './rules';

describe('which answers are shared', () => {
  it('covers the public pages in every language and the read calls, nothing private', () => {
    expect(publicRoute('GET', '/')?.kind).toBe('page');
    expect(publicRoute('GET', '/en-us')?.kind).toBe('page');
    expect(publicRoute('GET', '/zh-tw/market/plug/12')?.tags).toEqual(['store']);
    expect(publicRoute('GET', '/resource-api/provide/vod/at/xml/ac/list')?.kind).toBe('call');
    expect(publicRoute('POST', '/api/market/center')?.post).toBe(true);
    for (const path of [
      '/user',
      '/market/devCenter',
      '/admin/plug',
      '/market/plug/add',
      '/_next/static/x.js',
    ])
      expect(publicRoute('GET', path), path).toBeNull();
    expect(publicRoute('POST', '/api/user/login')).toBeNull();
    expect(publicRoute('PUT', '/market')).toBeNull();
  });

  it('never shares an answer with a session, a token or a router request', () => {
    expect(personal({ cookie: 'NEXT_LOCALE=en-us; maccms=abc' }, 'maccms')).toBe(true);
    expect(personal({ token: 'abc' }, 'maccms')).toBe(true);
    expect(personal({ rsc: '1', 'next-action': 'abc' }, 'maccms')).toBe(true);
    expect(personal({ rsc: '1', cookie: 'maccms=abc' }, 'maccms')).toBe(true);
    // The router's payload of a page, for a visitor without a session, is shared like the page.
    expect(personal({ rsc: '1', 'next-router-prefetch': '1' }, 'maccms')).toBe(false);
    // Naming the session cookie at all is personal: only the cache may take it out and share.
    for (const cookie of ['NEXT_LOCALE=en-us; maccms=', 'maccms=\t; maccms=abc', 'maccms=abc; maccms='])
      expect(personal({ cookie }, 'maccms'), cookie).toBe(true);
    expect(personal({ cookie: 'other=1; maccms_device=x' }, 'maccms')).toBe(false);
  });

  it('keys by query, language and form', () => {
    const page = publicRoute('GET', '/market')!;
    const key = (url: string, headers = {}) => cacheKey('GET', url, headers, page);
    expect(key('/market/plug?page=2')).not.toBe(key('/market/plug?page=3'));
    // An unprefixed page redirects a visitor whose cookie names another language.
    expect(key('/market', { cookie: 'NEXT_LOCALE=en-us' })).not.toBe(key('/market'));
    expect(key('/market', { cookie: 'NEXT_LOCALE=zh-cn' })).toBe(key('/market'));
    // A prefixed one is the same page whatever the cookie says.
    expect(key('/en-us/market', { cookie: 'NEXT_LOCALE=zh-tw' })).toBe(key('/en-us/market'));
    expect(key('/market', { 'accept-encoding': 'gzip' })).not.toBe(key('/market'));
    // Keyed on the one encoding that may be sent: gzip, whatever its case, or plain bytes.
    for (const accept of ['GZIP', 'Gzip, deflate', 'br, gzip;q=0.5', '*'])
      expect(key('/market', { 'accept-encoding': accept }), accept).toBe(
        key('/market', { 'accept-encoding': 'gzip' }),
      );
    for (const accept of ['deflate', 'br', 'gzip;q=0', 'identity', '*;q=0', ''])
      expect(key('/market', { 'accept-encoding': accept }), accept).toBe(key('/market'));
    // The router's payloads are kept apart from the page and by what the browser already holds.
    const payload = (tree: string, prefetch?: string) =>
      key('/market?_rsc=x', { rsc: '1', 'next-router-state-tree': tree, 'next-router-prefetch': prefetch });
    expect(payload('a')).not.toBe(key('/market?_rsc=x'));
    expect(payload('a')).not.toBe(payload('b'));
    expect(payload('a', '1')).not.toBe(payload('a'));
    expect(payload('a')).toBe(payload('a'));
    const call = publicRoute('POST', '/api/market/center')!;
    const form = (body: string, headers = {}) =>
      cacheKey('POST', '/api/market/center', headers, call, Buffer.from(body));
    expect(form('type=plugins')).not.toBe(form('type=theme'));
    expect(form('type=plugins', { lang: 'en-us' })).not.toBe(form('type=plugins'));
  });

  it('renders and keys a page with only the query parameters it reads', () => {
    const at = (url: string) => pageUrl(url, publicRoute('GET', url.split('?')[0]!)!);
    expect(at('/market?utm_source=x&fbclid=1')).toBe('/market');
    expect(at('/market/plug?ref=a&name=seo&page=2&x=')).toBe('/market/plug?name=seo&page=2');
    expect(at('/en-us/helpCenter?q=%E5%AE%89&cat=start&from=mail')).toBe(
      '/en-us/helpCenter?q=%E5%AE%89&cat=start',
    );
    expect(at('/document?menu=start&sub=a&q=x&spm=1')).toBe('/document?menu=start&sub=a&q=x');
    expect(at('/blog?page=3&page=4&utm_medium=rss')).toBe('/blog?page=3&page=4');
    expect(at('/resource?wd=a&t=2&page=5&zz=1')).toBe('/resource?wd=a&t=2&page=5');
    // The router's own parameter stays: Next checks it against the payload request's headers.
    expect(at('/market/plug/12?_rsc=abc&fbclid=1')).toBe('/market/plug/12?_rsc=abc');
    // A name written encoded is still the name the page reads; a broken escape is just dropped.
    expect(at('/market/theme?%6Eame=a&%E0%A4%A=1')).toBe('/market/theme?%6Eame=a');
    expect(at('/market/plug')).toBe('/market/plug');
    // Calls too: the parameters their operations read; the collection API's path pairs become query.
    const call = (url: string) => pageUrl(url, publicRoute('GET', url.split('?')[0]!)!);
    expect(call('/api/home/config?r=123')).toBe('/api/home/config');
    expect(call('/api/article/list?limit=5&offset=10&x=1')).toBe('/api/article/list?limit=5&offset=10');
    expect(call('/rss.xml?lang=en-us&utm=1')).toBe('/rss.xml?lang=en-us');
    expect(call('/resource-api/provide/vod?ac=list&x=1')).toBe('/resource-api/provide/vod?ac=list');
    expect(call('/resource-api/provide/vod/at/xml/ac/list/zz/9?pg=2&ac=detail&r=1')).toBe(
      '/resource-api/provide/vod?ac=detail&pg=2&at=xml',
    );
    expect(call('/resource-api/provide/vod/x/1')).toBe('/resource-api/provide/vod');
  });

  it('lists every parameter the read calls read', () => {
    expect([...PROVIDE_QUERY].sort()).toEqual([...Object.keys(provideQuerySchema.shape), 'lang'].sort());
    expect(publicRoute('GET', '/api/article/list')!.query).toEqual(Object.keys(articleListSchema.shape));
    expect(publicRoute('GET', '/api/article/detail')!.query).toEqual(Object.keys(articleDetailSchema.shape));
  });

  it('negotiates gzip or nothing, and a background refresh asks for what its key names', () => {
    expect(acceptedEncoding('Gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('deflate')).toBe('identity');
    expect(acceptedEncoding(undefined)).toBe('identity');
    expect(acceptedEncoding('gzip;q=0, *')).toBe('identity');
    expect(replayHeaders({ 'accept-encoding': 'deflate', lang: 'en-us' })).toEqual({
      'accept-encoding': 'identity',
      lang: 'en-us',
    });
    expect(replayHeaders({ 'accept-encoding': 'GZIP' })['accept-encoding']).toBe('gzip');
  });

  it('lists every parameter the store lists and the library read', () => {
    const listed = publicRoute('GET', '/market/plug')!.query;
    const href = queryHref(
      '/market/plug',
      { name: 'a', page: 2, sortBy: 'newest', device: 1, toll: 1 },
      { page: 2 },
    );
    for (const name of new URLSearchParams(href.split('?')[1]).keys()) expect(listed).toContain(name);
    expect([...publicRoute('GET', '/resource')!.query!].sort()).toEqual(
      Object.keys(libraryQuerySchema.shape).sort(),
    );
  });
});
