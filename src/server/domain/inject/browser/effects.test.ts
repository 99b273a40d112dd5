import { describe, expect, it } from 'vitest';
import { browserFindings } from './effects';
import type { Probe, VisitRecord } from './visit';
import { VISITORS } from './visitors';

const SITE = 'http://www.yingshi-site.cn/';

const probe = (links: Probe['links'] = []): Probe => ({
  url: SITE,
  title: '影院',
  links,
  frames: [],
  refresh: [],
  canonical: [],
  declared: [],
  log: [],
});

const link = (url: string, text: string, hidden = '') => ({
  url,
  text,
  hidden,
  x: 10,
  y: 900,
  w: 120,
  h: 20,
  html: `<a href="${url}">${text}</a>`,
});

function visit(name: string, over: Partial<VisitRecord> = {}): VisitRecord {
  return {
    visitor: VISITORS.find((v) => v.name === name)!,
    landing: SITE,
    requests: [],
    sockets: [],
    workers: [],
    probe: probe(),
    cut: '',
    error: '',
    ...over,
  };
}

const phoneNavigation = {
  url: 'http://www.xpj-casino.vip/',
  type: 'document',
  method: 'GET',
  top: true,
  window: false,
  initiator: '',
  outcome: 'failed' as const,
  status: 0,
  refresh: '',
};

describe('judging what the pages did in the browser', () => {
  it('calls a redirect only phones got cloaked, naming who got it and who did not', () => {
    const visits = ['desktop', 'mobile', 'android', 'baiduspider'].map((n) =>
      visit(n, n === 'mobile' || n === 'android' ? { requests: [phoneNavigation] } : {}),
    );
    const [finding] = browserFindings(SITE, visits);
    expect(finding).toMatchObject({
      signatureId: 'browser.navigate',
      severity: 'high',
      profiles: ['mobile', 'android'],
      notSeenBy: ['desktop', 'baiduspider'],
    });
  });

  it('does not call shown promotion cloaked when the desktop visit was cut short', () => {
    const casino = link('http://www.taiyangcheng88.com/', '太阳城娱乐城');
    const visits = [
      // It loaded the page, then the check's time ended before the page could be read.
      visit('desktop', {
        probe: null,
        cut: 'time',
        requests: [{ ...phoneNavigation, url: SITE, outcome: 'fetched', status: 200 }],
      }),
      visit('mobile', { probe: probe([casino]) }),
      visit('googlebot', { probe: probe([casino]) }),
    ];
    const [finding] = browserFindings(SITE, visits);
    expect(finding).toMatchObject({ signatureId: 'browser.promo', severity: 'medium', notSeenBy: [] });
  });

  it('leaves links to the site itself, to well-known services and shown without promotion words alone', () => {
    const links = [
      link(`${SITE}vodplay/1.html`, '太阳城娱乐城'),
      link('https://www.baidu.com/', '百度一下'),
      link('http://www.friend-movies.com/', '友情链接：电影天堂'),
      // A gambling host's name, in sight, in the page's own markup, words that promote nothing.
      link('https://www.xpj5566.vip/', '点此举报违规网站'),
    ];
    expect(browserFindings(SITE, [visit('desktop', { probe: probe(links) })])).toEqual([]);
  });
});
