import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { type Front, startFront } from '../../bench/front';
import { freePort } from '../support/raw-http';

/**
 * The README's "Several nodes" deployment, run as written: its shell loop (only the database URL and
 * the two ports filled in) starts two nodes on PostgreSQL, bound to 127.0.0.1 and trusting one
 * proxy, behind nginx configured by deploy/nginx.conf; a browser then opens the default-language pages
 * through the front and on each node.
 */
test.setTimeout(240_000);

function readmeCommand(): string {
  const readme = fs.readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('**Several nodes.**'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README.md has no command under "Several nodes"');
  return block;
}

async function until(check: () => Promise<boolean>, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`not within ${seconds} s`);
}

const ready = (origin: string) =>
  fetch(`${origin}/api/ready`).then(
    (r) => r.status === 200,
    () => false,
  );

let nodes: ChildProcess | undefined;
let front: Front | undefined;
const database = `portal_deploy_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });

test.afterAll(async () => {
  // The shell's background jobs share its process group: one signal ends both nodes.
  if (nodes?.pid) {
    try {
      process.kill(-nodes.pid, 'SIGKILL');
    } catch {}
  }
  await front?.stop();
  await admin.query(`drop database if exists ${database} with (force)`).catch(() => {});
  await admin.end().catch(() => {});
});

test("the README's two nodes behind deploy/nginx.conf serve every default-language page", async ({
  page,
}) => {
  await admin.connect();
  await admin.query(`create database ${database}`);
  const [a, b, frontPort] = [await freePort(), await freePort(), await freePort()];
  const command = readmeCommand();
  expect(command).toContain('HOST=127.0.0.1 TRUST_PROXY=1');
  const script = command
    .replace('postgres://…', `postgres://postgres@127.0.0.1:5432/${database}`)
    .replace('for port in 3001 3002', `for port in ${a} ${b}`);
  expect(script).not.toMatch(/…|3001|3002/);

  nodes = spawn('sh', ['-c', `${script}wait`], {
    detached: true,
    stdio: 'ignore',
    // The suite's build; the README's variables come from the command itself.
    env: { ...process.env, NEXT_DIST_DIR: '.next-e2e', NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  const direct = [`http://127.0.0.1:${a}`, `http://127.0.0.1:${b}`];
  await until(async () => (await Promise.all(direct.map(ready))).every(Boolean), 120);
  front = await startFront([`127.0.0.1:${a}`, `127.0.0.1:${b}`], frontPort);
  await until(() => ready(front?.origin ?? ''), 20);

  for (const origin of [front.origin, ...direct]) {
    for (const pathname of ['/', '/market', '/document']) {
      const response = await page.goto(`${origin}${pathname}`);
      expect(response?.status(), `${origin}${pathname}`).toBe(200);
      expect(new URL(page.url()).pathname).toBe(pathname);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    }
    // The default language under its prefix goes to the unprefixed page once, not round and round.
    const prefixed = await fetch(`${origin}/zh-cn/market`, { redirect: 'manual' });
    expect(prefixed.status).toBe(307);
    expect(new URL(prefixed.headers.get('location') ?? '', origin).pathname).toBe('/market');
    const other = await page.goto(`${origin}/en-us/market`);
    expect(other?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await page.context().clearCookies(); // the language chosen here would follow to the next origin
  }
});
