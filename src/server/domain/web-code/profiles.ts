import 'server-only';
/**
 * One way of visiting a page: cloaked injections show themselves only to some of them. `group`
 * is the kind of visitor (scripts are fetched once per kind that loads them, not per profile).
 */
export type Profile = {
  name: string;
  group: 'desktop' | 'mobile' | 'spider';
  headers: Record<string, string>;
};

export const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const SPIDERS: [string, string][] = [
  ['baiduspider', 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)'],
  [
    'baiduspider-mobile',
    'Mozilla/5.0 (Linux;u;Android 4.2.2;zh-cn;) AppleWebKit/534.46 (KHTML,like Gecko) Version/5.1 Mobile Safari/10600.6.3 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  ],
  ['googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  ['sogou', 'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)'],
  ['360spider', 'Mozilla/5.0 (compatible; 360Spider; +http://webscan.360.cn)'],
  ['bytespider', 'Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)'],
];

export const BAIDU_REFERER = 'https://www.baidu.com/s?wd=%E5%BD%B1%E8%A7%86';

export const base = (ua: string) => ({
  'user-agent': ua,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'zh-CN,zh;q=0.9',
});

/** Desktop and mobile browsers with and without a search Referer, then the search spiders. No cookies. */
export const PROFILES: Profile[] = [
  { name: 'desktop', group: 'desktop', headers: base(CHROME) },
  { name: 'desktop+baidu', group: 'desktop', headers: { ...base(CHROME), referer: BAIDU_REFERER } },
  { name: 'mobile', group: 'mobile', headers: base(IPHONE) },
  { name: 'mobile+baidu', group: 'mobile', headers: { ...base(IPHONE), referer: BAIDU_REFERER } },
  ...SPIDERS.map(([name, ua]): Profile => ({ name, group: 'spider', headers: base(ua) })),
];

/** The first profile of each kind of visitor: the CMS's own scripts are fetched as each of them. */
export const GROUP_LEADS = ['desktop', 'mobile', 'spider'].map((g) => PROFILES.find((p) => p.group === g)!);
