import EN from '@messages/en-us/domain.json';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/contract/locales';
import { signalText } from '@/server/domain/present-inject';
import { LOAD_HOWS } from '@/server/domain/web-code/html/load-kinds';
import { translate } from '@/server/http/translate';

/** Every parameter a reason may carry, so each message can be filled in. */
const PARAMS = {
  port: '8081',
  term: 'bocai',
  category: 'Gambling',
  of: 'cloudflare',
  host: 'polyfill.io',
  tld: '.top',
  file: '/static/js/player.js',
  how: 'atob',
  by: 'userAgent',
  name: 'loader.debugger-trap',
  seen: 'Googlebot',
  missing: 'Desktop browser',
  count: '8',
  nearest: '2025.1000.4052',
  rule: 'loader.base64-script',
  url: 'https://a.example/x.js',
  detail: '2 MB',
  profiles: 'Googlebot',
  title: '首页 - 蓝光影视',
  why: 'placed outside the page',
};

describe('the reasons and limits a check gives, in every language', () => {
  it.each(LOCALES)('fills in every reason and limit in %s', (locale) => {
    // Every message under each group, nested ones included (the browser pass's limits).
    const leaves = (node: object, at: string): string[] =>
      Object.entries(node).flatMap(([k, v]) =>
        typeof v === 'string' ? [`${at}.${k}`] : leaves(v, `${at}.${k}`),
      );
    for (const group of ['signal', 'limit', 'termCategory', 'hiding', 'gate', 'hiddenWhy'] as const) {
      for (const key of leaves(EN.domain[group], `domain.${group}`)) {
        const text = translate(locale, key, PARAMS);
        expect({ key, text }).toEqual({ key, text: expect.not.stringMatching(/^domain\.|\{/) });
      }
    }
  });

  it.each(LOCALES)(
    'names in %s every way a page or a script loads something (a finding\'s "where")',
    (locale) => {
      const camel = (code: string) => code.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
      for (const how of LOAD_HOWS) {
        const text = translate(locale, `domain.where.${camel(how)}`);
        expect({ how, text }).toEqual({ how, text: expect.not.stringMatching(/^domain\./) });
      }
    },
  );

  it('says how an address was hidden in words, keeping the names of code as written', () => {
    const hidden = { id: 'hiddenAddress', weight: 4, params: { how: 'hex, atob, dataUri' } };
    expect(signalText('en-us', hidden)).toBe(
      'The address is hidden in the code (\\x escapes, atob, a data: address); shown decoded',
    );
    expect(signalText('zh-cn', hidden)).toContain('\\x 转义、atob、data: 地址');
  });

  it('names the visitor tests a loader waits for in words, not as browser property names', () => {
    const gated = { id: 'gated', weight: 4, params: { by: 'userAgent, referrer, time' } };
    expect(signalText('en-us', gated)).toBe(
      'Only after testing the visitor (its browser, where it came from, the time)',
    );
    expect(signalText('zh-cn', gated)).toBe('先判断访客再执行（浏览器标识、来源页面、访问时间）');
    expect(signalText('zh-tw', gated)).toBe('先判斷訪客再執行（瀏覽器標識、來源頁面、造訪時間）');
  });
});
