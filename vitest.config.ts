import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: {
      '@/': `${path.join(root, 'src')}/`,
      '@messages/': `${path.join(root, 'messages')}/`,
      'server-only': path.join(root, 'tests/support/empty.ts'),
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // Every test file runs in its own process, so each one opens its own fresh database: a copy of
    // one migrated once per run (tests/support/global-setup.ts). Vitest's default, a file per core
    // but one, would run CI's two cores one file at a time; the files wait on I/O often enough for two.
    pool: 'forks',
    isolate: true,
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/setup.ts'],
    // Integration calls pass through src/proxy.ts (tests/support/api.ts); next-intl's ESM build imports
    // `next/server` without an extension, which only Vite's resolver (not Node's) finds.
    server: { deps: { inline: ['next-intl'] } },
    // argon2 hashing and a 20 MB body make some tests slower than the default 5 s on 2 cores, and a
    // file's first test loads the code it calls while another file runs beside it: a hang, not a slow
    // machine, is what a timeout must catch.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: {
      // A throw-away embedded database unless DATABASE_URL (set by .ci/run) points to PostgreSQL.
      DATA_DIR: 'memory://',
      RATE_LIMITS: 'true',
      DEMO_CONTENT: 'false',
      NODE_ENV: 'test',
      // No background work: tests deliver queued mail themselves, so nothing outlives a test file.
      JOBS: 'false',
      // The injected-code check's browser pass has its own test file (it turns it on); elsewhere a
      // check is its static pass, as fast and as deterministic as before.
      INJECT_BROWSER: 'off',
    },
  },
});
