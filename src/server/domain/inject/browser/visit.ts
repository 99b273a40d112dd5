import 'server-only';
import type { Browser, BrowserContext, CDPSession, Page, Request, Route } from 'playwright-core';
import { withHostLimit } from '../../../net/host-limit';
import { FetchError, type TargetPolicy } from '../../../net/policy';
import { safeFetch } from '../../../net/safe-fetch';
import { BLANK_POINT, initScript, PROBE } from './page-scripts';
import type { Visitor } from './visitors';

/** A page's own document, and each script, frame, stylesheet or stream it loads. */
const PAGE_MAX = 2_000_000;
const ASSET_MAX = 1_000_000;
/** Requests answered per visit; the rest are refused and said. */
const MAX_REQUESTS = 200;
const FETCH_MAX_MS = 10_000;
const STREAM_MAX_MS = 2_000;
/** Virtual time the page's timers get after it loads, and again after the click. */
const TIMERS_MS = 15_000;
const AFTER_CLICK_MS = 5_000;
/** Real time for requests still under way to be answered before the page is read. */
const SETTLE_MS = 1_500;
/** Not needed to tell what a page does, and most of its weight: recorded, never fetched. */
const NOT_FETCHED = new Set(['image', 'media', 'font', 'texttrack', 'manifest']);
/** Response headers that describe the bytes as sent, not as handed to the browser (decoded). */
const DROPPED = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

export type SeenRequest = {
  url: string;
  /** The browser's resource type (document, script, xhr, fetch, eventsource, websocket…). */
  type: string;
  method: string;
  /** A navigation of the visited page itself (its main frame). */
  top: boolean;
  /** A request of a window the page opened. */
  window: boolean;
  /** The script whose code asked for it, when the browser knows (else the document's address). */
  initiator: string;
  /** `fetched`, `refused` (address or scheme not allowed), `failed`, `skipped` (never fetched). */
  outcome: 'fetched' | 'refused' | 'failed' | 'skipped';
  status: number;
  /** The Refresh header of the answer, if any. */
  refresh: string;
};

export type ProbedLink = {
  url: string;
  text: string;
  /** Why a visitor cannot see it (`style`, `size`, `offscreen`, `clipped`, `tiny`), or empty. */
  hidden: string;
  x: number;
  y: number;
  w: number;
  h: number;
  html: string;
  /** The script that created it (links to other hosts only), else empty: the page's markup. */
  by?: string;
};
export type ProbedFrame = ProbedLink & { fixed: boolean; share: number; frameset: boolean };

export type Probe = {
  url: string;
  title: string;
  links: ProbedLink[];
  frames: ProbedFrame[];
  refresh: { url: string; delay: number }[];
  canonical: string[];
  declared: string[];
  log: [string, string][];
};

/** What one visitor's visit did. */
export type VisitRecord = {
  visitor: Visitor;
  /** The first address the page answered from (after the server's redirects). */
  landing: string;
  requests: SeenRequest[];
  sockets: string[];
  workers: string[];
  probe: Probe | null;
  /** Why the visit stopped short (`time`, `requests`), or empty. */
  cut: string;
  error: string;
};

/**
 * Visits `url` as `visitor` in a fresh browser context (no cookie, storage or cache of anything
 * else), answering every request the page makes through the safe fetch and nothing else. Timers
 * run on virtual time; a click on a blank spot lets click handlers act. Ends by `deadline`.
 */
export async function visitAs(args: {
  browser: Browser;
  url: string;
  visitor: Visitor;
  policy: TargetPolicy;
  deadline: number;
}): Promise<VisitRecord> {
  const { browser, url, visitor, policy, deadline } = args;
  const record: VisitRecord = {
    visitor,
    landing: '',
    requests: [],
    sockets: [],
    workers: [],
    probe: null,
    cut: '',
    error: '',
  };
  let context: BrowserContext | null = null;
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<'time'>((resolve) => {
    timer = setTimeout(() => resolve('time'), Math.max(0, deadline - Date.now()));
  });
  try {
    context = await browser.newContext({
      userAgent: visitor.userAgent,
      viewport: visitor.viewport,
      isMobile: visitor.mobile,
      hasTouch: visitor.mobile,
      deviceScaleFactor: visitor.mobile ? 3 : 1,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      serviceWorkers: 'block',
      acceptDownloads: false,
      extraHTTPHeaders: { 'accept-language': visitor.headers['accept-language'] ?? 'zh-CN' },
    });
    const running = run(context);
    // Past the time, the context is closed under it: what it then throws is expected, not a fault.
    running.catch(() => undefined);
    const outcome = await Promise.race([running, timeUp]);
    if (outcome === 'time') record.cut = 'time';
  } catch (error) {
    record.error = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : 'error';
  } finally {
    clearTimeout(timer);
    await context?.close().catch(() => undefined);
  }
  return record;

  async function run(ctx: BrowserContext) {
    const initiators = new Map<string, string>();
    let page: Page | null = null;
    let inflight = 0;
    await ctx.addInitScript({ content: initScript(visitor.platform) });
    await ctx.routeWebSocket(/.*/, (ws) => {
      if (record.sockets.length < 50) record.sockets.push(ws.url());
      ws.close({ code: 1008, reason: 'not connected' }).catch(() => undefined);
    });
    await ctx.route('**/*', async (route, request) => {
      inflight++;
      try {
        // A request still being answered when the visit ends meets a closed context.
        await answer(route, request).catch(() => undefined);
      } finally {
        inflight--;
      }
    });
    page = await ctx.newPage();
    const main = page;
    const cdp = await ctx.newCDPSession(main);
    cdp.on('Network.requestWillBeSent', (e) => {
      if (initiators.size < 1000) initiators.set(e.request.url, initiatorOf(e.initiator));
    });
    await cdp.send('Network.enable');
    // Which script created each element: a link written by another site's script is its act.
    await cdp.send('DOM.enable').catch(() => undefined);
    await cdp.send('DOM.setNodeStackTracesEnabled', { enable: true }).catch(() => undefined);
    main.on('worker', (w) => {
      if (record.workers.length < 50) record.workers.push(w.url());
    });
    await main.clock.install();
    const load = async () => {
      await main
        .goto(url, { referer: visitor.referer || undefined, waitUntil: 'load', timeout: FETCH_MAX_MS })
        .catch((e: Error) => {
          record.error ||= e.message.split('\n')[0]!.slice(0, 200);
        });
      await main.clock.runFor(TIMERS_MS).catch(() => undefined);
    };
    await load();
    if (visitor.returning) {
      record.requests.length = 0;
      record.landing = '';
      record.error = '';
      await load();
    }
    const point = (await main.evaluate(BLANK_POINT).catch(() => null)) as { x: number; y: number } | null;
    if (point) {
      await main.mouse.click(point.x, point.y).catch(() => undefined);
      await main.clock.runFor(AFTER_CLICK_MS).catch(() => undefined);
    }
    const settleBy = Date.now() + SETTLE_MS;
    while (inflight > 0 && Date.now() < settleBy) await new Promise((r) => setTimeout(r, 50));
    record.probe = (await main.evaluate(PROBE).catch(() => null)) as Probe | null;
    for (const r of record.requests) r.initiator ||= initiators.get(r.url) ?? '';
    if (record.probe) await attribute(cdp, record.probe).catch(() => undefined);

    async function answer(route: Route, request: Request) {
      const target = request.url();
      let owner: Page | null = null;
      try {
        owner = request.frame().page();
      } catch {
        // A service worker's request: it belongs to no page (they are blocked; only recorded).
      }
      const top = owner === main && request.isNavigationRequest() && request.frame() === main.mainFrame();
      const seen: SeenRequest = {
        url: target,
        type: request.resourceType(),
        method: request.method(),
        top,
        window: owner !== null && owner !== main,
        initiator: initiators.get(target) ?? '',
        outcome: 'skipped',
        status: 0,
        refresh: '',
      };
      if (record.requests.length >= MAX_REQUESTS) {
        record.cut ||= 'requests';
        return route.abort('blockedbyclient');
      }
      record.requests.push(seen);
      // A window the page opens is recorded where it leads, not loaded.
      if (seen.window || !owner) return route.abort('blockedbyclient');
      if (NOT_FETCHED.has(seen.type)) return route.abort('blockedbyclient');
      // Data sent out (beacons, posted forms) is recorded and answered with nothing.
      if (seen.method !== 'GET') return route.fulfill({ status: 204, body: '' });
      // An event stream may never end: it gets a short time, and one still open then is refused
      // (recorded; its messages are not delivered), not holding one of the host's two connections.
      const left = Math.min(
        seen.type === 'eventsource' ? STREAM_MAX_MS : FETCH_MAX_MS,
        deadline - Date.now(),
      );
      if (left <= 0) return route.abort('timedout');
      try {
        const headers = await sentHeaders(request);
        const res = await withHostLimit(new URL(target).host, () =>
          safeFetch(target, {
            headers,
            maxBytes: top ? PAGE_MAX : ASSET_MAX,
            maxRedirects: 0,
            totalTimeoutMs: left,
            policy,
          }),
        );
        seen.outcome = 'fetched';
        seen.status = res.status;
        seen.refresh = res.headers.refresh ?? '';
        if (top && !record.landing) record.landing = target;
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (!DROPPED.has(k)) out[k] = v;
        return route.fulfill({ status: res.status || 200, headers: out, body: res.body });
      } catch (error) {
        const hop = error instanceof FetchError ? error.redirects[0] : undefined;
        if (error instanceof FetchError && error.reason === 'too_many_redirects' && hop?.location) {
          // The browser follows the redirect itself: each hop is checked like any request.
          seen.outcome = 'fetched';
          seen.status = hop.status;
          return route.fulfill({ status: hop.status, headers: { location: hop.location }, body: '' });
        }
        const refused =
          error instanceof FetchError &&
          ['private_address', 'scheme', 'port', 'credentials'].includes(error.reason);
        seen.outcome = refused ? 'refused' : 'failed';
        return route.abort(refused ? 'blockedbyclient' : 'failed');
      }
    }
  }
}

/** Links to other hosts whose creating script is looked up (the rest are the page's own). */
const MAX_ATTRIBUTED = 40;

/**
 * The script that created each link to another host, from the stacks the browser kept; links the
 * HTML parser made have none and stay the page's. The same selector as the probe's, so the same order.
 */
async function attribute(cdp: CDPSession, probe: Probe) {
  const page = new URL(probe.url).host;
  const wanted = probe.links
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => l.url.startsWith('http') && new URL(l.url).host !== page)
    .slice(0, MAX_ATTRIBUTED);
  if (wanted.length === 0) return;
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
    nodeId: root.nodeId,
    selector: 'a[href], area[href]',
  });
  for (const { l, i } of wanted) {
    const nodeId = nodeIds[i];
    if (!nodeId) continue;
    const { creation } = await cdp.send('DOM.getNodeStackTraces', { nodeId });
    l.by = initiatorOf({ type: 'script', stack: creation });
  }
}

/** The request's headers as the browser would send them, less what the safe fetch sets itself. */
async function sentHeaders(request: Request): Promise<Record<string, string>> {
  const all = await request.allHeaders().catch(() => request.headers());
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) {
    if (k.startsWith(':') || ['host', 'connection', 'accept-encoding', 'content-length'].includes(k))
      continue;
    out[k] = v;
  }
  return out;
}

type Initiator = {
  type: string;
  url?: string;
  stack?: { callFrames: { url: string }[]; parent?: Initiator['stack'] };
};

/** The script on top of the stack that asked for a request, else the document that did. */
function initiatorOf(initiator: Initiator): string {
  for (let stack = initiator.stack; stack; stack = stack.parent) {
    const frame = stack.callFrames.find((f) => f.url);
    if (frame) return frame.url;
  }
  return initiator.url ?? '';
}
