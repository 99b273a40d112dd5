import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { MAX_CONTENT_LENGTH } from './src/contract/limits';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const dev = process.env.NODE_ENV === 'development';

/**
 * No per-request nonce, so static and cached pages stay cached; Next's inline bootstrap scripts and
 * antd's inline styles therefore need 'unsafe-inline'. Still refused: scripts from other hosts,
 * plugins, a <base> elsewhere, forms posting elsewhere, framing by other sites. Images and media may
 * come from anywhere (store previews, blog images, the promo video). Dev tools need eval and a socket.
 */
const CSP = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "media-src 'self' blob: http: https:",
  "font-src 'self' data:",
  `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** Routes that serve stored files, each with its own strict policy (src/server/market/serve-file.ts). */
const OWN_POLICY = ['api/developer/file/', 'api/developer/feedback_media/', 'api/market/package/'];

/** On every answer: pages, API and static files. HSTS depends on the request: src/proxy.ts. */
const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
];

const config: NextConfig = {
  // Lets a second build (tests, benchmarks) sit beside the one being served.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // pino and prom-client stay outside the bundles: one logger and one metrics registry per process.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@node-rs/argon2',
    'nodemailer',
    'pino',
    'prom-client',
    'playwright-core',
  ],
  poweredByHeader: false,
  // The type check has one place, `npm run typecheck` (part of `npm test`, so of CI): it covers every
  // file this build compiles and the tests and scripts besides. Type errors never change the built
  // code, so checking again here would only make every build (a newcomer's first `npm start`) slower.
  typescript: { ignoreBuildErrors: true },
  headers: async () => [
    { source: '/:path*', headers: SECURITY_HEADERS },
    // Uploaded files and feedback media carry their own `default-src 'none'` (a stored SVG or HTML
    // runs nothing); a header set here would replace it with the pages' policy.
    {
      source: `/:path((?!${OWN_POLICY.join('|')}).*)`,
      headers: [{ key: 'Content-Security-Policy', value: CSP }],
    },
  ],
  reactStrictMode: true,
  // forbidden() answers the admin pages' non-administrators with HTTP 403 and app/[locale]/forbidden.tsx.
  experimental: {
    authInterrupts: true,
    // A request src/proxy.ts sees has its body copied by Next and cut at this size. A cut body must
    // still exceed the cap (by more than one network chunk), so the route refuses it with a 413
    // instead of reading a truncated body as whole.
    proxyClientMaxBodySize: MAX_CONTENT_LENGTH + 1_048_576,
    // Turbopack keeps a cache of the build (about 220 MB) for the next build, written after the
    // compile: minutes on a busy 2-core machine. CI builds once in a fresh clone and never reads it.
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
};

export default withNextIntl(config);
