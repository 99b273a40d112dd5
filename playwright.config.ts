import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets runs from several checkouts share a machine (each gets its own database).
const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;
// A fresh embedded database for every run: the web server command removes it before starting.
const dataDir = path.join(os.tmpdir(), `maccms-portal-e2e-data-${PORT}`);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1, // 2 cores: one browser against one server
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'zh-CN', // headless Chromium asks for English otherwise
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // Debian's Chromium; Playwright never downloads a browser here.
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `rm -rf '${dataDir}' && npm run build && npm run serve`,
    url: `${baseURL}/api/ready`, // 200 once migrated and seeded (503 while starting)
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NEXT_DIST_DIR: '.next-e2e',
      HOST: 'localhost',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'true',
      RATE_LIMITS: 'false',
      // Every API answer the pages get is checked against its operation's output schema.
      CHECK_OUTPUTS: 'true',
      // The e2e tests register stations and scan sites served on 127.0.0.1.
      FETCH_ALLOW_PRIVATE: 'true',
      // The injected-code check's browser pass has its own tests (tests/integration/domain/
      // inject-browser.test.ts, with its time to spare); here the pages' verdicts come from the
      // static pass, so they do not depend on how fast a shared machine runs 17 visitors.
      INJECT_BROWSER: 'off',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
