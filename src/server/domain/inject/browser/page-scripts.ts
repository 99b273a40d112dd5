import 'server-only';
/**
 * Code the check runs inside the pages it visits, as source text: it must reach the browser as
 * written (a bundler's helpers do not exist there).
 */

/** Where the in-page record is kept: a name a payload has no reason to touch. */
export const LOG = '__maccmsCheckLog';

/**
 * Before any of the page's code, in every frame: the device's `navigator.platform` (payloads test
 * it besides the user agent), and a record of the service workers a page registers (the browser
 * refuses them) and the windows it opens.
 */
export const initScript = (platform: string) => `(() => {
  const log = [];
  Object.defineProperty(window, ${JSON.stringify(LOG)}, { value: log, enumerable: false });
  const note = (kind, url) => { if (log.length < 200) try { log.push([kind, String(new URL(String(url), location.href))]); } catch {} };
  try { Object.defineProperty(Navigator.prototype, 'platform', { get: () => ${JSON.stringify(platform)}, configurable: true }); } catch {}
  try {
    const sw = navigator.serviceWorker;
    if (sw && sw.register) {
      const register = sw.register.bind(sw);
      sw.register = function (url, options) { note('serviceWorker', url); return register(url, options); };
    }
  } catch {}
  const open = window.open;
  window.open = function (url, ...rest) { if (url) note('window', url); return open.call(this, url, ...rest); };
})();`;

/**
 * After the visit: what the browser shows. Each link and frame with its box as laid out, and
 * whether a visitor can see it (and if not, why); the meta refresh, canonical addresses and the
 * site's declared other addresses (alternate and mobile versions, the CMS's own `url`/`wapurl`
 * settings); the title; and the in-page record.
 */
export const PROBE = `(() => {
  const vw = innerWidth, vh = innerHeight;
  const root = document.documentElement;
  const docW = Math.max(root ? root.scrollWidth : 0, vw), docH = Math.max(root ? root.scrollHeight : 0, vh);
  const abs = (v) => { try { return new URL(v, location.href).href; } catch { return ''; } };
  const box = (el) => { const r = el.getBoundingClientRect(); return { x: Math.round(r.left + scrollX), y: Math.round(r.top + scrollY), w: Math.round(r.width), h: Math.round(r.height) }; };
  const hiddenWhy = (el) => {
    if (el.checkVisibility && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) return 'style';
    const r = el.getBoundingClientRect();
    const b = box(el);
    if (b.w * b.h < 4) return 'size';
    if (b.x + b.w <= 0 || b.y + b.h <= 0 || b.x >= docW || b.y >= docH) return 'offscreen';
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (cs.overflow === 'visible' && cs.clipPath === 'none' && cs.clip === 'auto') continue;
      const pr = p.getBoundingClientRect();
      if (pr.width * pr.height < 4) return 'clipped';
      if (r.right <= pr.left || r.left >= pr.right || r.bottom <= pr.top || r.top >= pr.bottom) return 'clipped';
    }
    const cs = getComputedStyle(el);
    if (parseFloat(cs.fontSize) < 3 && !el.querySelector('img')) return 'tiny';
    if (cs.color === 'transparent' || cs.color === 'rgba(0, 0, 0, 0)') { if (!el.querySelector('img')) return 'style'; }
    return '';
  };
  const fixedUp = (el) => { for (let p = el; p; p = p.parentElement) { const pos = getComputedStyle(p).position; if (pos === 'fixed' || pos === 'sticky') return true; } return false; };
  const links = [...document.querySelectorAll('a[href], area[href]')].slice(0, 1500).map((a) => {
    const img = a.querySelector('img');
    const text = ((a.innerText || a.textContent || '').trim() || a.title || (img && (img.alt || img.title)) || '').replace(/\\s+/g, ' ').slice(0, 120);
    return { url: abs(a.getAttribute('href')), text, hidden: hiddenWhy(a), ...box(a), html: a.outerHTML.slice(0, 300) };
  });
  const frames = [...document.querySelectorAll('iframe, frame, embed, object')].slice(0, 100).map((f) => {
    const src = abs(f.getAttribute('src') || f.getAttribute('data') || '');
    const r = f.getBoundingClientRect();
    const seen = Math.max(0, Math.min(r.right, vw) - Math.max(r.left, 0)) * Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0));
    const hidden = hiddenWhy(f);
    return { url: src, hidden, ...box(f), fixed: fixedUp(f), share: hidden ? 0 : seen / (vw * vh), frameset: f.tagName === 'FRAME', html: f.outerHTML.slice(0, 300) };
  });
  const metas = [...document.querySelectorAll('meta[http-equiv]')].filter((m) => /^refresh$/i.test(m.getAttribute('http-equiv') || ''));
  const refresh = metas.map((m) => { const c = m.getAttribute('content') || ''; const u = /url\\s*=\\s*['"]?([^'"]+)/i.exec(c); return { url: u ? abs(u[1].trim()) : '', delay: parseFloat(c) || 0 }; }).filter((r) => r.url);
  const canonical = [...document.querySelectorAll('link[rel~=canonical][href], meta[property="og:url"][content]')].map((e) => abs(e.getAttribute('href') || e.getAttribute('content')));
  const declared = [...document.querySelectorAll('link[rel~=alternate][href]')].map((e) => abs(e.getAttribute('href')));
  for (const m of document.querySelectorAll('meta[name=mobile-agent], meta[http-equiv=mobile-agent]')) { const u = /url\\s*=\\s*([^;\\s]+)/i.exec(m.getAttribute('content') || ''); if (u) declared.push(abs(u[1])); }
  try { const cms = window.maccms; if (cms && typeof cms === 'object') for (const k of ['url', 'wapurl']) if (typeof cms[k] === 'string' && /^[w.-]{1,253}$/.test(cms[k])) declared.push(abs('//' + cms[k] + '/')); } catch {}
  return { url: location.href, title: document.title.slice(0, 300), links, frames, refresh, canonical, declared, log: (window[${JSON.stringify(LOG)}] || []).slice(0, 200) };
})()`;

/** A point of the page where a click lands on nothing a visitor would click (no link, button or frame). */
export const BLANK_POINT = `(() => {
  const vw = innerWidth, vh = innerHeight;
  for (const [fx, fy] of [[0.5, 0.5], [0.02, 0.5], [0.98, 0.5], [0.5, 0.98], [0.02, 0.02], [0.98, 0.98]]) {
    const x = Math.floor(vw * fx), y = Math.floor(vh * fy);
    const el = document.elementFromPoint(x, y);
    if (!el || !el.closest('a, button, input, select, textarea, label, iframe, object, embed, video, [onclick]')) return { x, y };
  }
  return null;
})()`;
