import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const config: NextConfig = {
  // Lets a second build (tests, benchmarks) sit beside the one being served.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2'],
  poweredByHeader: false,
  reactStrictMode: true,
  // forbidden() answers the admin pages' non-administrators with HTTP 403 and app/[locale]/forbidden.tsx.
  experimental: { authInterrupts: true },
  typescript: { ignoreBuildErrors: true }, // `npm run typecheck` is the gate, not the build
};

export default withNextIntl(config);
