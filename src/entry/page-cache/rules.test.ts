import { describe, expect, it } from 'vitest';
import { cacheKey, needsLanguageCookie, personal, publicRoute } from './rules';

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
    expect(personal({ cookie: 'NEXT_LOCALE=en-us; maccms=' }, 'maccms')).toBe(false);
    expect(personal({ cookie: 'other=1' }, 'maccms')).toBe(false);
  });

  it('keys by query, language and form', () => {
    const page = publicRoute('GET', '/market')!;
    const key = (url: string, headers = {}) => cacheKey('GET', url, headers, page);
    expect(key('/market?page=2')).not.toBe(key('/market?page=3'));
    // An unprefixed page redirects a visitor whose cookie names another language.
    expect(key('/market', { cookie: 'NEXT_LOCALE=en-us' })).not.toBe(key('/market'));
    expect(key('/market', { cookie: 'NEXT_LOCALE=zh-cn' })).toBe(key('/market'));
    // A prefixed one is the same page whatever the cookie says.
    expect(key('/en-us/market', { cookie: 'NEXT_LOCALE=zh-tw' })).toBe(key('/en-us/market'));
    expect(key('/market', { 'accept-encoding': 'gzip' })).not.toBe(key('/market'));
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

  it('gives a visitor without the language cookie an answer that sets it', () => {
    expect(needsLanguageCookie('/en-us/blog', {}, {})).toBe(true);
    expect(needsLanguageCookie('/en-us/blog', {}, { 'set-cookie': ['NEXT_LOCALE=en-us'] })).toBe(false);
    expect(needsLanguageCookie('/en-us/blog', { cookie: 'NEXT_LOCALE=en-us' }, {})).toBe(false);
  });
});
