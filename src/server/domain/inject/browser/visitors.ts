import 'server-only';
import { BAIDU_REFERER, base, CHROME, IPHONE, type Profile, SPIDERS } from '../../web-code';

/**
 * One visitor of the browser pass: a profile of the static pass (its name, kind and headers) with
 * what a real browser of that kind also shows a page: its screen, touch, platform, and whether it
 * comes back (a second visit in the same context, with the cookies and storage of the first).
 */
export type Visitor = Profile & {
  userAgent: string;
  referer: string;
  viewport: { width: number; height: number };
  mobile: boolean;
  /** `navigator.platform` as that device reports it (payloads test it besides the user agent). */
  platform: string;
  returning: boolean;
};

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WECHAT =
  'Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20240301 MicroMessenger/8.0.49.2600(0x2800313B) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const SHENMA_SPIDER =
  'Mozilla/5.0 (Linux; U; Android 4.4.4; zh-cn; MI NOTE LTE Build/KTU84P) AppleWebKit/533.1 (KHTML, like Gecko) Version/4.0 Mobile Safari/533.1 YisouSpider/5.0 (+http://www.sm.cn/)';

const SEARCH: Record<string, string> = {
  baidu: BAIDU_REFERER,
  google: 'https://www.google.com/search?q=%E5%BD%B1%E8%A7%86',
  sogou: 'https://www.sogou.com/web?query=%E5%BD%B1%E8%A7%86',
  '360': 'https://www.so.com/s?q=%E5%BD%B1%E8%A7%86',
  shenma: 'https://m.sm.cn/s?q=%E5%BD%B1%E8%A7%86',
};

const DESKTOP = { viewport: { width: 1366, height: 768 }, mobile: false, platform: 'Win32' };
const PHONE = { viewport: { width: 390, height: 844 }, mobile: true, platform: 'iPhone' };
const ANDROID_PHONE = { viewport: { width: 412, height: 915 }, mobile: true, platform: 'Linux armv8l' };
const SPIDER = { viewport: { width: 1366, height: 768 }, mobile: false, platform: 'Linux x86_64' };

function visitor(
  name: string,
  group: Profile['group'],
  ua: string,
  device: typeof DESKTOP,
  from = '',
  returning = false,
): Visitor {
  const referer = from ? SEARCH[from]! : '';
  const headers: Record<string, string> = { ...base(ua), ...(referer ? { referer } : {}) };
  return { name, group, headers, userAgent: ua, referer, ...device, returning };
}

/**
 * Everyone a cloaked injection tells apart: desktop and phones (iPhone, Android, WeChat's browser),
 * a phone coming back, visitors arriving from each search engine (Shenma, Sogou and 360 send
 * mostly phones), and each search spider. Desktop comes first: the others are compared with it,
 * and what the check's time leaves unvisited is said.
 */
const EVERYONE: Visitor[] = [
  visitor('desktop', 'desktop', CHROME, DESKTOP),
  visitor('mobile', 'mobile', IPHONE, PHONE),
  visitor('android', 'mobile', ANDROID, ANDROID_PHONE),
  visitor('wechat', 'mobile', WECHAT, ANDROID_PHONE),
  visitor('mobile+returning', 'mobile', IPHONE, PHONE, '', true),
  ...['baidu', 'google'].map((s) => visitor(`desktop+${s}`, 'desktop', CHROME, DESKTOP, s)),
  ...['baidu', 'sogou', '360', 'shenma'].map((s) => visitor(`mobile+${s}`, 'mobile', IPHONE, PHONE, s)),
  ...SPIDERS.filter(([name]) => !name.endsWith('-mobile')).map(([name, ua]) =>
    visitor(name, 'spider', ua, SPIDER),
  ),
  visitor('yisouspider', 'spider', SHENMA_SPIDER, ANDROID_PHONE),
];

/**
 * The order of the visits: one of each kind first (desktop, a phone, a search spider, a visitor
 * from a search engine), then the rest. A loaded node's time may end before the last visits, and a
 * payload served to spiders alone must not always be among them.
 */
const FIRST = ['desktop', 'mobile', 'baiduspider', 'desktop+baidu', 'mobile+baidu', 'googlebot'];
export const VISITORS: Visitor[] = [
  ...FIRST.map((name) => EVERYONE.find((v) => v.name === name)!),
  ...EVERYONE.filter((v) => !FIRST.includes(v.name)),
];
