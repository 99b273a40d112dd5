import { describe, expect, it } from 'vitest';
import { hidesContent } from '@/server/domain/web-code/html/hidden-style';
import { parsePage } from '@/server/domain/web-code/html/parse-page';
import { hiddenSelectors } from '@/server/domain/web-code/html/style-rules';
import { readHtml } from '@/server/domain/web-code/read-document';

const BASE = 'https://site.example/vod/1.html';
const loads = (html: string) =>
  readHtml(html, BASE, { nodes: 100_000, cut: false }).loads.map((l) => `${l.how} ${l.url}`);

describe('what a page loads, read with an HTML parser', () => {
  it('counts elements that load or navigate, resolved against the page and its <base>', () => {
    expect(
      loads(`<script type="text/javascript" src="/static/js/a.js?v=1"></script><iframe src=//ads.example/x.html></iframe>
<link rel="stylesheet" href="https://cdn.example/a.css"><link rel="preload" as="script" href="/p.js">
<meta http-equiv="refresh" content="5; URL='https://away.example/'"><embed src="/f.swf"><object data="/o.swf"></object>`),
    ).toEqual([
      'script-src https://site.example/static/js/a.js?v=1',
      'iframe-src https://ads.example/x.html',
      'link https://cdn.example/a.css',
      'link https://site.example/p.js',
      'meta-refresh https://away.example/',
      'embed https://site.example/f.swf',
      'object https://site.example/o.swf',
    ]);
    expect(loads('<base href="https://other.example/d/"><script src="x.js"></script>')).toEqual([
      'script-src https://other.example/d/x.js',
    ]);
  });

  it('never counts a mention: text, links, comments, escaped code, hints, templates, textareas, JSON-LD', () => {
    expect(
      loads(`<p>union.macoms.la</p><a href="https://union.macoms.la/">x</a>
<!-- <script src="https://zz.bdustatic.com/a.js"></script> -->
<pre><code>&lt;script src="https://code.jquecy.com/j.js"&gt;&lt;/script&gt;</code></pre>
<link rel="dns-prefetch" href="//evil.example"><link rel="preconnect" href="https://evil.example"><link rel="canonical" href="https://evil.example/">
<template><script src="https://evil.example/t.js"></script><iframe src="https://evil.example/"></iframe></template>
<textarea><script src="https://evil.example/ta.js"></script></textarea>
<script type="application/ld+json">{"url":"https://evil.example/ld.js"}</script>
<script type="text/html"><iframe src="https://evil.example/tpl"></iframe></script>
<title>Hacked? <script src="https://evil.example/title.js"></script></title>
<script src="javascript:void(0)"></script>`),
    ).toEqual([]);
  });

  it('counts a form only when code submits it, and code in event handlers', () => {
    const form = '<form id="f" action="https://away.example/reg"></form>';
    expect(loads(form)).toEqual([]);
    expect(loads(`${form}<script>document.getElementById('f').submit()</script>`)).toEqual([
      'form https://away.example/reg',
    ]);
    expect(loads(`${form}<body onload="document.forms[0].submit()">`)).toEqual([
      'form https://away.example/reg',
    ]);
    const [handler] = readHtml(
      `<img src="x.gif" onerror="var s=document.createElement('script');s.src='https://e.example/e.js';document.body.appendChild(s)">`,
      BASE,
      { nodes: 100_000, cut: false },
    ).loads;
    expect(handler).toMatchObject({ url: 'https://e.example/e.js', inAttribute: true, byCode: true });
  });

  it('knows what CSS hides: inline styles, <style> rules, zero size, off-screen, and where the document ends', () => {
    const page = parsePage(
      `<script src="https://a.example/before.js"></script><!doctype html><html><head>
<style>.fl{height:0;overflow:hidden} #far{position:absolute;left:-9999px}</style></head><body>
<div style="display:none"><a href="https://b.example/">b</a></div><div class="x fl"><a href="https://c.example/">c</a></div>
<div id="far"><a href="https://d.example/">d</a></div><h1 style="text-indent:-9999px"><a href="/">logo</a></h1>
<a href="https://e.example/">visible</a><iframe src="https://f.example/" width="0" height="0"></iframe>
<iframe src="https://g.example/" width="640" height="360"></iframe></body></html><script src="https://h.example/after.js"></script>`,
      BASE,
    );
    expect(page.links.map((l) => `${l.url} ${l.hidden}`)).toEqual([
      'https://b.example/ true',
      'https://c.example/ true',
      'https://d.example/ true',
      'https://site.example/ true',
      'https://e.example/ false',
    ]);
    expect(page.loads.map((l) => `${l.url} hidden=${l.hidden} outside=${l.outside}`)).toEqual([
      'https://a.example/before.js hidden=false outside=true',
      'https://f.example/ hidden=true outside=false',
      'https://g.example/ hidden=false outside=false',
      'https://h.example/after.js hidden=false outside=true',
    ]);
  });

  it('tells which classes a stylesheet hides from everyone, not those it shows again or hides on some screens only', () => {
    const hidden = (css: string) => {
      const h = hiddenSelectors(css);
      return [...[...h.classes].map((c) => `.${c}`), ...[...h.ids].map((i) => `#${i}`)].sort();
    };
    expect(hidden('@charset "utf-8";.ft-lk{display:none}#seo{position:absolute;left:-9999px}')).toEqual([
      '#seo',
      '.ft-lk',
    ]);
    // Shown again by another rule of the same kind: a menu on hover, a panel once open.
    expect(hidden('.nav .sub{display:none;width:160px}.nav li:hover .sub{display:block}')).toEqual([]);
    expect(hidden('.collapse{display:none}.collapse.in{display:block}')).toEqual([]);
    // Shown again in another way only: still hidden (opacity does not undo display).
    expect(hidden('.fl{display:none}.fl.on{opacity:1}')).toEqual(['.fl']);
    // A size that is not the one that hides.
    expect(hidden('.fl{height:0;overflow:hidden;width:100%}')).toEqual(['.fl']);
    // Hidden on phones or on paper only, or in a state (`:not(.open)`), or inside an animation: not hidden.
    expect(
      hidden(
        '@media (max-width:767px){.pc{display:none}}@media print{.nav{display:none}}.m:not(.open){display:none}@keyframes k{from{opacity:0}to{opacity:1}}',
      ),
    ).toEqual([]);
    // `@media screen` applies on every screen; a rule after a block at-rule is still read.
    expect(
      hidden('@media screen{.a{display:none}}@font-face{font-family:x;src:url(x.woff)}.b{visibility:hidden}'),
    ).toEqual(['.a', '.b']);
    // Unbalanced or hostile text ends the reading, never hangs it.
    expect(hidden(`${'}'.repeat(50_000)}.x{display:none}${'{'.repeat(50_000)}`)).toEqual(['.x']);
  });

  it('reads links hidden inside a block, ids written as attribute selectors, and stylesheets a <style> imports', () => {
    const h = hiddenSelectors(
      '#flk a{display:none}div[id="seo"]{visibility:hidden}.nav a:hover{display:none}[class~=x]{opacity:0}',
    );
    expect([...h.ids].sort()).toEqual(['flk', 'seo']);
    expect([...h.classes]).toEqual(['x']);
    expect(
      loads(
        `<style>/* a */@import url("/css/seo.css") screen;@import 'b.css';body{margin:0}@import "late.css";</style>`,
      ),
    ).toEqual(['css-import https://site.example/css/seo.css', 'css-import https://site.example/vod/b.css']);
  });

  it('knows the less common ways a style hides: near-zero opacity, collapse, clip, a circle of 0, a screen away', () => {
    for (const css of [
      'opacity:.01',
      'opacity:0.04',
      'visibility:collapse',
      'height:0;overflow:clip',
      'clip-path:circle(0)',
      'clip-path:ellipse(0 0 at 50% 50%)',
      'position:fixed;left:-100vw',
    ])
      expect({ css, hidden: hidesContent(css) }).toEqual({ css, hidden: true });
    for (const css of [
      'opacity:.85',
      'opacity:0.05',
      'height:120px;overflow:clip',
      'clip-path:circle(50%)',
      'position:fixed;left:-10vw',
    ])
      expect({ css, hidden: hidesContent(css) }).toEqual({ css, hidden: false });
  });

  it('gives each link the classes of the elements it sits in, for the stylesheet files read later', () => {
    const page = parsePage(
      '<div class="ft lk"><p><a class="x" href="https://b.example/">b</a></p></div>',
      BASE,
    );
    expect(page.links[0]?.classes).toEqual(['ft', 'lk', 'x']);
  });

  it("takes the site's own other domains from what the page declares, and blanks text for the signature reader", () => {
    const html = `<html><head><title>影视</title><link rel="canonical" href="https://www.video.example/">
<meta name="mobile-agent" content="format=html5;url=https://m.video.example/">
<script>var maccms={"path":"","mid":"1","url":"www.video.example","wapurl":"wap.video.example"};</script></head>
<body><p>var maccms = {"path":"quoted"} — 文本</p></body></html>`;
    const page = parsePage(html, BASE);
    expect(page.cmsVar).toBe(true);
    expect(page.declared.sort()).toEqual([
      'm.video.example',
      'wap.video.example',
      'www.video.example',
      'www.video.example',
    ]);
    expect(page.live).toHaveLength(html.length);
    expect(page.live.split('\n')).toHaveLength(html.split('\n').length);
    expect(page.live).toContain('<title>影视</title>');
    expect(page.live).not.toContain('quoted');
    // A page that only quotes the CMS's variable in its text is not the CMS.
    expect(parsePage('<pre><code>var maccms = {"path":"","mid":"1"};</code></pre>', BASE).cmsVar).toBe(false);
  });

  it('stops reading a page nested deeper than any real page, says so, and keeps what it read before', () => {
    const budget = { nodes: 100_000, cut: false };
    const doc = readHtml(
      `<script src="https://a.example/first.js"></script>${'<div>'.repeat(200_000)}<script src="https://b.example/deep.js"></script>`,
      BASE,
      budget,
    );
    expect(budget.cut).toBe(true);
    expect(doc.loads.map((l) => l.url)).toEqual(['https://a.example/first.js']);
  });

  it("follows a page's messages to itself: a listener declared first, an object posted, another script's post", () => {
    const page = (...scripts: string[]) => {
      const doc = readHtml(scripts.map((c) => `<script>${c}</script>`).join('<p>x</p>'), BASE, {
        nodes: 100_000,
        cut: false,
      });
      return { traits: doc.traits.length, loads: doc.loads.map((l) => l.url) };
    };
    const goes = `function go(e){location.href=e.data.url}window.addEventListener('message',go)`;
    expect(page(goes)).toEqual({ traits: 1, loads: [] });
    expect(page(goes, `postMessage({url:'https://p.example/'},'*')`)).toEqual({
      traits: 1,
      loads: ['https://p.example/'],
    });
    expect(page(`postMessage('https://p.example/','*')`, `window.onmessage=go;${goes}`).loads).toEqual([
      'https://p.example/',
    ]);
    // Checked against the page's own origin, or posting with no listener that goes: nothing.
    expect(
      page(`function ok(e){if(e.origin===location.origin)location.href=e.data}window.onmessage=ok`),
    ).toEqual({
      traits: 0,
      loads: [],
    });
    expect(page(`postMessage({url:'https://p.example/'},'*')`)).toEqual({ traits: 0, loads: [] });
  });
});
