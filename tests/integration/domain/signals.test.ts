import { describe, expect, it } from 'vitest';
import { explainable } from '@/server/domain/inject/cloak';
import { hostSignals, pathSignals } from '@/server/domain/web-code/signals/host';
import { scoreOf, severityOf } from '@/server/domain/web-code/signals/types';

const site = {
  own: new Set(['video.example']),
  official: ['maccms.com', 'maccms.cn', 'maccms.net', 'maccms.pro', 'macvideojs.com'],
  seenBefore: null,
};
const signals = (url: string, seenBefore: Set<string> | null = null) =>
  hostSignals(new URL(url), { ...site, seenBefore }).map(
    (s) => `${s.id}${s.params?.term ? `:${s.params.term}` : ''}`,
  );
const score = (url: string) => scoreOf([...hostSignals(new URL(url), site), ...pathSignals(new URL(url))]);

describe('judging a host by its signals (the built-in list is one of them)', () => {
  it('reads gambling, adult and lottery words in pinyin and English, as tokens or within a label', () => {
    expect(signals('https://js.bocai8899.top/a.js')).toEqual(['hostTerm:bocai', 'hostTld', 'hostDigits']);
    expect(signals('https://m.tyc-55.com/')).toEqual(['hostTerm:tyc']);
    expect(signals('https://s.sex-av99.com/')).toEqual(['hostTerm:sex']);
    expect(signals('https://casino.example.net/')).toEqual(['hostTerm:casino']);
    expect(signals('https://tj.liuhecai-kj.com/')).toEqual(['hostTerm:liuhecai']);
    // Short words only as whole tokens: these are not bets, AVs or lotteries.
    expect(signals('https://www.alphabet-soup.com/')).toEqual([]);
    expect(signals('https://cdn.javelin.io/')).toEqual([]);
    expect(signals('https://www.cpanel-docs.org/')).toEqual([]);
  });

  it('names look-alikes of CDNs and of the official domains, and trusts the real ones', () => {
    expect(signals('https://cdnjs.cloudfiare.com/x.js')).toEqual(['hostLookalike']);
    expect(signals('https://code.jquecy.com/j.js')).toEqual(['hostIndicator', 'hostLookalike']);
    expect(signals('https://js.cnzz-stat.net/s.js')).toEqual(['hostLookalike']);
    expect(signals('https://union.maccms.co/x.html')).toEqual(['hostLookalike']);
    // A well-known name in front of someone else's domain.
    expect(signals('https://hm.baidu.com.tongji.example/hm.js')).toEqual(['hostLookalike']);
    expect(signals('https://cdnjs.cloudflare.com/x.js')).toEqual(['hostWellKnown']);
    expect(signals('https://hm.baidu.com/hm.js')).toEqual(['hostWellKnown']);
    expect(signals('https://union.maccms.com/buffer.html')).toEqual(['hostOfficial']);
    // A theme seller naming itself after the brand is not imitating the official site.
    expect(signals('https://www.maccms-theme-shop.com/x.js')).toEqual([]);
    // A well-known name on another suffix; not for names others own on other suffixes too.
    expect(signals('https://cdn.jsdelivr.com/npm/x.js')).toEqual(['hostLookalike']);
    expect(signals('https://hm.baidu.cc/hm.js')).toEqual(['hostLookalike', 'hostTld']);
    expect(signals('https://www.google.cn/x.js')).toEqual([]);
    // A domain taken over to serve malware.
    expect(signals('https://cdn.polyfill.io/v3/polyfill.min.js')).toEqual(['hostCompromised']);
  });

  it('counts public IP addresses, odd ports, first appearances and fake library names', () => {
    expect(signals('http://103.151.44.20:8081/j.js')).toEqual(['hostIp', 'hostPort']);
    // A private address would be broken for every visitor: no attacker's host.
    expect(signals('http://192.168.1.20/j.js')).toEqual([]);
    expect(signals('https://new.example/x.js', new Set(['old.example']))).toEqual(['hostFirstSeen']);
    expect(signals('https://old.example/x.js', new Set(['old.example']))).toEqual([]);
    expect(pathSignals(new URL('https://x.example/js/jquery.min-3.6.8.js')).map((s) => s.id)).toEqual([
      'fakeLibrary',
    ]);
  });

  it('needs more than one weak signal to call a load injected', () => {
    expect(severityOf(score('https://cdn.tjs-static.xyz/c.js'))).toBeNull(); // a cheap suffix alone
    expect(severityOf(score('https://js.example.com/a.js'))).toBeNull();
    expect(severityOf(score('https://js.bocai8899.top/tj.js'))).toBe('high');
    expect(severityOf(score('https://cdnjs.cloudfiare.com/x.js'))).toBe('medium');
  });
});

describe('telling cloaking from noise', () => {
  const ALL = [
    'desktop',
    'desktop+baidu',
    'mobile',
    'mobile+baidu',
    'baiduspider',
    'baiduspider-mobile',
    'googlebot',
    'sogou',
    '360spider',
    'bytespider',
  ];
  it('accepts sets a server could single out from what it sees of the visitor', () => {
    for (const seen of [
      ['baiduspider', 'baiduspider-mobile', 'googlebot', 'sogou', '360spider', 'bytespider'],
      ['baiduspider', 'baiduspider-mobile'],
      ['desktop+baidu', 'mobile+baidu'],
      ['mobile', 'mobile+baidu'],
      ['mobile', 'mobile+baidu', 'baiduspider-mobile'],
      ['mobile+baidu'],
      ['sogou', '360spider'],
    ]) {
      expect({ seen, ok: explainable(seen, ALL) }).toEqual({ seen, ok: true });
    }
  });

  it('rejects what differs at random between loads', () => {
    expect(explainable(['desktop+baidu', 'mobile', 'baiduspider-mobile', 'sogou', 'bytespider'], ALL)).toBe(
      false,
    );
    expect(explainable(['desktop+baidu', 'baiduspider', 'googlebot', '360spider'], ALL)).toBe(false);
  });
});
