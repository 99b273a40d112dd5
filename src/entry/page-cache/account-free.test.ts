import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { accountFree } from './account-free';
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
