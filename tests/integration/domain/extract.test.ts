import { describe, expect, it } from 'vitest';
import { extractLoaded } from '@/server/domain/web-code/extract';

const BASE = 'https://site.example/vod/1.html';
const urls = (text: string) => extractLoaded(text, BASE).map((l) => `${l.kind} ${l.url}`);

describe('the pattern reading of code that does not parse (an indicator host counts only where loaded)', () => {
  it('reads script and frame sources, relative ones resolved against the page', () => {
    expect(
      urls(
        '<script type="text/javascript" src="/static/js/a.js?v=1"></script><iframe src=//ads.example/x.html>',
      ),
    ).toEqual(['script https://site.example/static/js/a.js?v=1', 'iframe https://ads.example/x.html']);
  });

  it('reads scripts built by code, including an address hidden in base64 or \\x escapes', () => {
    const b64 = Buffer.from('https://union.macoms.la/tj.js').toString('base64');
    expect(urls(`var s=document.createElement('script');s.src=atob('${b64}');`)).toEqual([
      'js-src https://union.macoms.la/tj.js',
    ]);
    const hex = [...'https://zz.bdustatic.com/a.js']
      .map((c) => `\\x${c.charCodeAt(0).toString(16)}`)
      .join('');
    expect(urls(`s.setAttribute('src', "${hex}")`)).toEqual(['js-src https://zz.bdustatic.com/a.js']);
    expect(urls(`document.write('<script src="https://code.jquecy.com/j.js"><\\/script>')`)).toEqual([
      'script https://code.jquecy.com/j.js',
    ]);
  });

  it('reads navigations: meta refresh and script redirects', () => {
    expect(
      urls(
        '<meta http-equiv="refresh" content="0;url=https://a.example/"><script>top.location.href="https://b.example/"</script>',
      ),
    ).toEqual(['meta-refresh https://a.example/', 'js-location https://b.example/']);
  });

  it('ignores mentions: text, links, comments, strings and other schemes', () => {
    expect(
      urls(`<p>union.macoms.la</p><a href="https://union.macoms.la/">x</a><!-- <script src="https://zz.bdustatic.com/a.js"> -->
<script>var hosts=["https://code.jquecy.com/j.js"];</script><script src="javascript:void(0)"></script>`),
    ).toEqual([]);
  });
});
