import { parseCookie } from 'next/dist/compiled/@edge-runtime/cookies';
import { describe, expect, it } from 'vitest';
import { namesCookie, oneCookieEach, readCookie, withoutCookie } from './cookies';

describe('the one reading of a Cookie header', () => {
  it('takes the last value that is not empty, however the name is repeated or padded', () => {
    expect(readCookie('maccms=; maccms=abc', 'maccms')).toBe('abc');
    expect(readCookie('maccms=\t; maccms=abc', 'maccms')).toBe('abc');
    expect(readCookie('maccms=abc; maccms=', 'maccms')).toBe('abc');
    expect(readCookie(['maccms=', 'maccms=abc'], 'maccms')).toBe('abc');
    expect(readCookie(' maccms =; \tmaccms=a%2Bb', 'maccms')).toBe('a+b');
    expect(readCookie('maccms=one; maccms=two', 'maccms')).toBe('two');
    expect(readCookie('maccms=', 'maccms')).toBeUndefined();
    expect(readCookie('maccms=%E0%A4%A', 'maccms')).toBeUndefined();
    expect(readCookie('xmaccms=abc', 'maccms')).toBeUndefined();
    expect(readCookie(undefined, 'maccms')).toBeUndefined();
  });

  it('knows a request that names the cookie at all, even empty', () => {
    expect(namesCookie('maccms=', 'maccms')).toBe(true);
    expect(namesCookie('a=1;\tmaccms=\t', 'maccms')).toBe(true);
    expect(namesCookie('maccms_device=1', 'maccms')).toBe(false);
  });

  it("leaves Next's own parser nothing else to read", () => {
    for (const header of ['maccms=; maccms=abc', 'maccms=abc; maccms=', '\tmaccms=abc; maccms=\t']) {
      const next = parseCookie(oneCookieEach(header) ?? '');
      expect(next.get('maccms'), header).toBe(readCookie(header, 'maccms'));
    }
    expect(oneCookieEach('NEXT_LOCALE=zh-cn; NEXT_LOCALE=en-us; a=1')).toBe('NEXT_LOCALE=en-us; a=1');
    expect(oneCookieEach('junk; ;=x')).toBeUndefined();
  });

  it('drops every copy of a cookie', () => {
    expect(withoutCookie('maccms=; a=1; maccms=x', 'maccms')).toBe('a=1');
    expect(withoutCookie('maccms=x', 'maccms')).toBeUndefined();
  });
});
