import { describe, expect, it } from 'vitest';
import { POST as isfake } from '@/app/yapi/[product]/isfake/route';
import { domainIsfake } from '@/contract/api/domain';
import type { AuthenticityInfo } from '@/contract/domain';
import { callApi, randomIp, withinOneWindow } from '../../support/api';
import { withProduct } from '../../support/domain';

const check = (domain: string, lang = 'en-us') =>
  callApi<AuthenticityInfo>(withProduct(isfake), { json: { domain }, lang });

describe('POST /yapi/{product}/isfake', () => {
  it.each(['maccms.com', 'http://www.maccms.cn/download', 'https://MACCMS.PRO', 'bbs.macvideojs.com.'])(
    'calls %s official',
    async (domain) => {
      const res = await check(domain);
      expect(res.code).toBe(1);
      expect(res.info.is_fake).toBe(false);
      expect(res.info.verdict).toBe('official');
      expect(res.info.official).toContain('maccms.com');
    },
  );

  it.each([
    ['maccms.com.evil.cn', 'maccms.com', 'subdomain'],
    ['maccms.evil-host.com', 'maccms.com', 'subdomain'],
    ['maccms.co', 'maccms.com', 'tldSwap'],
    ['maccms.com.cn', 'maccms.com', 'tldSwap'],
    ['maccms.vip', 'maccms.com', 'tldSwap'],
    ['macms.com', 'maccms.com', 'omission'],
    ['maccmss.com', 'maccms.com', 'repetition'],
    ['maccmsx.com', 'maccms.com', 'addition'],
    ['maxccms.com', 'maccms.com', 'insertion'],
    ['mcacms.com', 'maccms.com', 'transposition'],
    ['meccms.com', 'maccms.com', 'vowelSwap'],
    ['maccns.com', 'maccms.com', 'replacement'],
    ['mac-cms.com', 'maccms.com', 'hyphenation'],
    ['maccms-vip.com', 'maccms.com', 'combosquatting'],
    ['maccmspro.net', 'maccms.net', 'combosquatting'],
    ['rnaccms.com', 'maccms.com', 'homoglyph'],
    ['maccrns.com', 'maccms.com', 'homoglyph'],
    ['maacms.com', 'maccms.com', 'bitsquatting'],
    ['maccms.com', 'maccms.com', ''],
  ])('explains %s as imitating %s by %s', async (domain, imitates, technique) => {
    const res = await check(domain);
    if (!technique) return expect(res.info.is_fake).toBe(false);
    expect(res.info.is_fake).toBe(true);
    expect(res.info.verdict).toBe('lookalike');
    expect(res.info.imitates).toBe(imitates);
    expect(res.info.techniques).toContain(technique);
  });

  it('handles IDN look-alikes in Unicode and punycode form', async () => {
    const cyrillic = await check('http://mаccms.com'); // Cyrillic а
    expect(cyrillic.info.is_fake).toBe(true);
    expect(cyrillic.info.domain).toMatch(/^xn--/);
    expect(cyrillic.info.domain_unicode).toBe('mаccms.com');
    expect(cyrillic.info.techniques).toContain('homoglyph');
    const puny = await check(cyrillic.info.domain);
    expect(puny.info.imitates).toBe('maccms.com');
    expect(puny.info.techniques).toContain('homoglyph');
  });

  it('says an unrelated domain is not official without inventing a resemblance', async () => {
    const res = await check('example.org');
    // is_fake keeps its old meaning (not official); verdict tells "imitates nothing" apart.
    expect(res.info.is_fake).toBe(true);
    expect(res.info.verdict).toBe('unofficial');
    expect(res.info.imitates).toBeNull();
    expect(res.info.official).toEqual([
      'maccms.com',
      'maccms.cn',
      'maccms.net',
      'maccms.pro',
      'macvideojs.com',
    ]);
  });

  it.each(['ftp://maccms.com', 'not a domain', 'localhost', 'http://user:pw@maccms.com', 'com', '1.2.3.4'])(
    'refuses %s with the message "The input address is incorrect"',
    async (domain) => {
      const res = await check(domain);
      expect(res.status).toBe(200);
      expect(res.code).toBe(0);
      expect(res.msg).toBe('The input address is incorrect and cannot be detected');
    },
  );

  it.each([
    ['no domain at all', {}, 'zh-cn', '请输入域名'],
    ['an empty domain', { domain: '   ' }, 'en-us', 'Please enter a domain'],
    ['a number', { domain: 12345 }, 'zh-tw', '輸入的地址有誤，無法檢測'],
    ['a list', { domain: ['maccms.com'] }, 'en-us', 'Please enter a domain'],
    [
      '301 characters',
      { domain: `${'a'.repeat(297)}.com` },
      'en-us',
      'The domain must be at most 300 characters',
    ],
  ])('answers %s with a translated message', async (_label, json, lang, msg) => {
    const res = await callApi(withProduct(isfake), { json, lang });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.msg).toBe(msg);
  });

  it('answers what the operation declares; an answer without the verdict would fail its check', async () => {
    const res = await check('maccms.co');
    expect(domainIsfake.output.safeParse(res.info).success).toBe(true);
    const { verdict: _verdict, ...lost } = res.info;
    expect(domainIsfake.output.safeParse(lost).success).toBe(false);
  });

  it('answers 404 for another product segment, before it looks at the input', async () => {
    for (const product of ['other', 'maccmspro'])
      for (const json of [{ domain: 'maccms.com' }, {}]) {
        const res = await callApi(withProduct(isfake, product), { json, lang: 'en-us' });
        expect(res.status).toBe(404);
        expect(res.code).toBe(0);
        expect(res.msg).toBe('No such API');
        expect(res.info).toBeNull();
      }
  });

  it('rate-limits per client, saying how many calls are left and when to retry', async () => {
    const ip = randomIp();
    const call = () => callApi(withProduct(isfake), { json: { domain: 'maccms.com' }, ip });
    // The window is fixed (60 s): 121 calls must not straddle its end, or the count starts again.
    await withinOneWindow(60, 45);
    const first = await call();
    expect(first.response.headers.get('ratelimit-limit')).toBe('120');
    expect(first.response.headers.get('ratelimit-policy')).toBe('120;w=60');
    const left = Number(first.response.headers.get('ratelimit-remaining'));
    let last = first;
    for (let i = 0; i <= left; i++) last = await call();
    expect(last.status).toBe(429);
    expect(Number(last.response.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not held back.
    expect((await callApi(withProduct(isfake), { json: { domain: 'maccms.com' } })).status).toBe(200);
  }, 120_000);
});
