import 'server-only';
/**
 * Registrable domains of widely used CDNs, statistics, advertising, video and social services, and
 * of the CMS's own project: loading from them is what honest sites do. One signal among several:
 * it lowers a load's score, it does not silence what a script does with the file.
 */
export const WELL_KNOWN_DOMAINS = new Set([
  // CDNs and libraries
  'jsdelivr.net',
  'cloudflare.com',
  'bootcdn.net',
  'bootcss.com',
  'staticfile.org',
  'staticfile.net',
  'baomitu.com',
  'unpkg.com',
  'googleapis.com',
  'gstatic.com',
  'jquery.com',
  'bytecdntp.com',
  'cdnjs.com',
  'aliyuncs.com',
  'alicdn.com',
  'qhimg.com',
  'sinaimg.cn',
  'loli.net',
  'jsdmirror.com',
  'elemecdn.com',
  'huoshanstatic.com',
  'sinaapp.com',
  'zencdn.net',
  'plyr.io',
  'tailwindcss.com',
  // statistics and tag managers
  'baidu.com',
  'bdstatic.com',
  'baidustatic.com',
  'bdimg.com',
  'cnzz.com',
  '51.la',
  'umeng.com',
  'google-analytics.com',
  'googletagmanager.com',
  'clarity.ms',
  'qq.com',
  'gtimg.cn',
  'gtimg.com',
  'googletagservices.com',
  'ibruce.info',
  'qcloud.com',
  'hcaptcha.com',
  'recaptcha.net',
  'amap.com',
  // advertising
  'googlesyndication.com',
  'doubleclick.net',
  'googleadservices.com',
  'google.com',
  'pangolin-sdk-toutiao.com',
  // video, social and sharing
  'bilibili.com',
  'hdslb.com',
  'youku.com',
  'iqiyi.com',
  'youtube.com',
  'weibo.com',
  'weibo.cn',
  'douban.com',
  'wx.qq.com',
  'tencent.com',
  'sohu.com',
  'sina.com.cn',
  '163.com',
  'toutiao.com',
  'zhihu.com',
  'facebook.net',
  'twitter.com',
  'addtoany.com',
  'sharethis.com',
  'xunlei.com',
  'kankan.com',
  // app stores (hosts, matched exactly): a site sending phones to its own app's page
  'apps.apple.com',
  'itunes.apple.com',
  'play.google.com',
  'appgallery.huawei.com',
  'appgallery.cloud.huawei.com',
  'appstore.huawei.com',
  'app.hicloud.com',
  'app.mi.com',
  'sj.qq.com',
  'a.app.qq.com',
  'app.meizu.com',
  'app.vivo.com.cn',
  'store.oppomobile.com',
  'www.wandoujia.com',
  // the player libraries' sites
  'dplayer.js.org',
  'js.org',
]);

/** The CMS project's own service domains (its union pages, update and QR APIs): as good as official. */
export const PROJECT_DOMAINS = new Set(['maccms.la']);

/** Brands that look-alike hosts imitate (a label within two edits, or the brand plus a filler word). */
export const IMITATED_BRANDS = [
  'cloudflare',
  'jsdelivr',
  'jquery',
  'bootcdn',
  'bootcss',
  'staticfile',
  'baomitu',
  'googleapis',
  'googletagmanager',
  'gstatic',
  'bdstatic',
  'baidustatic',
  'cnzz',
  'umeng',
  'unpkg',
  'dplayer',
  'dplayerstatic',
  'google',
  'baidu',
  'analytics',
  'maccms',
];

/**
 * Brands whose name is also someone else's honest domain on another suffix (Google's and
 * Cloudflare's many domains, a plain word): only a resemblance counts for them, not the same name
 * on another suffix (`jsdelivr.com`, `hm.baidu.cc`).
 */
export const SHARED_BRAND_NAMES = new Set(['cloudflare', 'google', 'analytics', 'maccms', 'umeng']);

/**
 * Domains taken over to serve malware to every site that loads their scripts: the 2024 polyfill.io
 * takeover and its operator's ad domains (Sansec, Cloudflare). Its CDNs that many honest Chinese
 * sites load jQuery from (bootcdn, staticfile) are not listed.
 */
export const COMPROMISED_DOMAINS = new Set(['polyfill.io', 'unionadjs.com', 'xhsbpza.com', 'newcrbpc.com']);

/** Filler words a look-alike host puts next to a brand (`cnzz-stat`, `jquery-cdn`). */
export const FILLER_WORDS = new Set([
  'cdn',
  'static',
  'stat',
  'stats',
  'js',
  'lib',
  'libs',
  'api',
  'tj',
  'tongji',
  'img',
  'code',
  'union',
  'min',
  'cloud',
  'net',
  'cn',
  'hk',
  's',
  'x',
  'web',
  'src',
  'file',
  'files',
  'res',
  'count',
  'plus',
  'pro',
]);
