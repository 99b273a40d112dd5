import { unstable_getResponseFromNextConfig } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import proxy from '@/proxy';
import nextConfig from '../../next.config';

const PATHS = [
  '/',
  '/en-us/blog/hello',
  '/api/user/login',
  '/yapi/maccms/isfake',
  '/_next/static/chunks/main.js',
  '/favicon.ico',
];

const headersFor = async (path: string) =>
  (await unstable_getResponseFromNextConfig({ url: `http://localhost:3000${path}`, nextConfig })).headers;

/** The headers next.config.ts gives every answer (the browser tests check the served build). */
describe('security headers on pages, API and static files', () => {
  for (const path of PATHS) {
    it(path, async () => {
      const h = await headersFor(path);
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(h.get('x-frame-options')).toBe('SAMEORIGIN');
      const csp = h.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toMatch(/(^|; )script-src 'self'/);
      // No per-request nonce: a nonce would make every static and cached page render per request.
      expect(csp).not.toMatch(/nonce-|strict-dynamic/);
    });
  }
});

/**
 * Stored files (package uploads, feedback media, paid packages) answer with their own strict policy:
 * an uploaded SVG or HTML file must run nothing, so the site's policy must not replace it.
 */
describe('the policy of served uploads', () => {
  const STORED = [
    '/api/developer/file/market/pkg/1f/x.svg',
    '/api/developer/feedback_media/3/a.png',
    '/api/market/package/abc/x.zip',
  ];
  for (const path of STORED) {
    it(`${path} keeps its own`, async () => {
      const h = await headersFor(path);
      expect(h.get('content-security-policy')).toBeNull();
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('x-frame-options')).toBe('SAMEORIGIN');
    });
  }

  it('while the calls beside them get the site policy', async () => {
    for (const path of ['/api/developer/upload', '/api/developer/feedback_list', '/api/market/center', '/']) {
      expect(await headersFor(path).then((h) => h.get('content-security-policy')), path).toContain(
        "default-src 'self'",
      );
    }
  });
});

describe('HSTS without a trusted proxy', () => {
  it('is not sent over http, even when the client claims https', async () => {
    const claims: Record<string, string>[] = [
      {},
      { 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.0.0.1' },
    ];
    for (const headers of claims) {
      const response = await proxy(new NextRequest('http://localhost:3000/', { headers }));
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });
});
