import { describe, expect, it } from 'vitest';
import { readJs } from '@/server/domain/web-code/read-document';

/** What a script fetches counts as a script it loads only when the answer is run (script/fetched.ts). */
const read = (code: string) =>
  readJs(code, 'https://site.example/static/js/x.js', { nodes: 200_000, cut: false });
const one = (code: string) => {
  const { loads } = read(code);
  expect(loads).toHaveLength(1);
  return loads[0]!;
};

describe('data a script fetches', () => {
  it.each([
    [
      'eval of responseText',
      `var x=new XMLHttpRequest();x.open('GET',U);x.onload=function(){eval(x.responseText)};x.send()`,
    ],
    [
      'a script given this.responseText',
      `var x=new XMLHttpRequest();x.open('GET',U);x.onload=function(){var s=document.createElement('script');s.text=this.responseText;document.head.appendChild(s)};x.send()`,
    ],
    ['.then(eval)', `fetch(U).then(function(r){return r.text()}).then(eval)`],
    ['a JSON field run with Function', `fetch(U).then(r=>r.json()).then(d=>{new Function(d.c)()})`],
    ['a field of JSON.parse run', `fetch(U).then(r=>r.text()).then(t=>eval(JSON.parse(t).code))`],
    [
      'awaited text wrapped in parentheses',
      `(async()=>{const t=await (await fetch(U)).text();eval('('+t+')')})()`,
    ],
    ["jQuery's callback as a timer's string", `$.get(U,function(d){setTimeout(d,10)})`],
    ["$.ajax's success appending markup", `$.ajax({url:U,success:function(h){$('body').append(h)}})`],
    ['document.write of the answer', `$.get(U).done(function(h){document.write(h)})`],
  ])('takes an address as a script when what it answers is run: %s', (_name, code) => {
    expect(one(code.replaceAll('U', "'https://f.example/c.txt'"))).toMatchObject({
      url: 'https://f.example/c.txt',
      how: 'fetch-eval',
    });
  });

  it.each([
    [
      "flv.js's feature test beside code run from a function's source",
      `var e=new XMLHttpRequest;e.open("GET","https://example.com",!0),e.responseType="moz-chunked-arraybuffer";var w=Function(["require"],"("+e+")(self)")`,
    ],
    [
      'JSON read field by field beside eval',
      `fetch('https://f.example/j').then(r=>r.json()).then(d=>{document.title=d.t});eval(window.code)`,
    ],
    [
      'an answer only put in innerHTML',
      `$.get('https://f.example/h',function(h){document.getElementById('x').innerHTML=h})`,
    ],
  ])('takes nothing as a script when what is fetched is only read: %s', (_name, code) => {
    expect(read(code).loads).toEqual([]);
  });
});
