import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { accountFree, carriesAccount } from './account-free';
import type { Stored } from './store';

const entry = (text: string, encoding?: string): Stored => {
  const raw = Buffer.from(text);
  const body =
    encoding === 'gzip'
      ? zlib.gzipSync(raw)
      : encoding === 'br'
        ? zlib.brotliCompressSync(raw)
        : encoding === 'deflate'
          ? zlib.deflateSync(raw)
          : raw;
  return {
    status: 200,
    headers: encoding ? { 'content-encoding': encoding } : {},
    body,
    tags: [],
    storedAt: 0,
    request: { method: 'GET', url: '/', headers: {} },
  };
};

// Rows of a router payload below the layout, and of one that includes it (the layout's account prop).
const BELOW = '0:{"b":"x","f":[["children","__PAGE__",["$","main",null,{"children":"SEO Pro"}]]]}\n';
const LAYOUT = '1:["$","$L5",null,{"initialUser":null,"children":"$L6"}]\n';

describe('which anonymous router payloads a logged-in visitor may get', () => {
  it('shares one below the layout, whatever its compression', () => {
    for (const encoding of [undefined, 'gzip', 'br', 'deflate'])
      expect(accountFree(entry(BELOW, encoding))).toBe(true);
  });

  it('never shares one that includes the layout, compressed or not', () => {
    for (const encoding of [undefined, 'gzip', 'br', 'deflate'])
      expect(accountFree(entry(BELOW + LAYOUT, encoding))).toBe(false);
  });

  it('never shares a body it cannot read', () => {
    expect(accountFree(entry(BELOW, 'zstd'))).toBe(false);
    expect(accountFree({ ...entry(BELOW), headers: { 'content-encoding': 'gzip' } })).toBe(false);
  });
});

describe('the last guard before an answer is kept for others', () => {
  it('finds an account in a page or a payload, in any encoding, and calls an unreadable body one', () => {
    const html = (user: string) => `<script>self.__next_f.push([1,"{\\"initialUser\\":${user}}"])</script>`;
    for (const encoding of [undefined, 'gzip', 'deflate', 'br']) {
      const kept = (text: string) => {
        const stored = entry(text, encoding);
        return carriesAccount(stored.body, stored.headers['content-encoding']);
      };
      expect(kept(html('null')), encoding).toBe(false);
      expect(kept(html('{\\"email\\":\\"a@example.com\\"}')), encoding).toBe(true);
      expect(kept('1:["$","div",null,{"initialUser":{"email":"a@example.com"}}]'), encoding).toBe(true);
      expect(kept('1:["$","div",null,{"initialUser":null}]'), encoding).toBe(false);
      expect(kept('{"code":1,"info":{"rows":[]}}'), encoding).toBe(false);
    }
    expect(carriesAccount(Buffer.from('not gzip'), 'gzip')).toBe(true);
  });
});
