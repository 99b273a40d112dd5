import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { startPgProxy } from '../support/pg-proxy';
import { startNode } from './node-process';

/**
 * Operating the production server: started before its database, a database that goes
 * away and comes back, and an embedded portal killed with kill -9 and started again at once. Each
 * test runs its own server process next to the suite's.
 */
test.setTimeout(240_000);
const PORT = Number(process.env.E2E_PORT ?? 3210) + 40;
const origin = `http://localhost:${PORT}`;
const children: ChildProcess[] = [];
test.afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

const serve = (env: Record<string, string>) => startNode(PORT, env, children);

const status = (pathname: string, init?: RequestInit) =>
  fetch(`${origin}${pathname}`, { redirect: 'manual', ...init }).then(
    (r) => r.status,
    () => 0,
  );
const center = () =>
  status('/api/market/center', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `type=plugins&name=${randomBytes(4).toString('hex')}`, // never from the store's cache
  });

async function until(check: () => Promise<boolean>, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await check()) return (Date.now() - (deadline - seconds * 1000)) / 1000;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`not within ${seconds} s`);
}

test('a node started before PostgreSQL waits for it, and an outage ends with 200s within seconds', async ({
  page,
}) => {
  const name = `portal_ops_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const proxy = await startPgProxy({ host: '127.0.0.1', port: 5432 });
  proxy.set('refuse');
  try {
    serve({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/${name}`,
      DB_CONNECT_TIMEOUT_MS: '1000',
    });
    await until(async () => (await status('/api/health')) === 200, 60);
    expect(await status('/api/ready')).toBe(503);
    expect(await center()).toBe(503);
    expect(await status('/market')).toBe(503);
    // The page a visitor sees says what the answer said: unavailable for now, not a server error.
    expect((await page.goto(`${origin}/market`))?.status()).toBe(503);
    await expect(page.getByText('503', { exact: true })).toBeVisible();
    await expect(page.getByText('服务暂时不可用，请几秒后再试')).toBeVisible();

    proxy.set('open');
    await until(async () => (await status('/api/ready')) === 200, 60);
    expect(await status('/market')).toBe(200);
    expect(await center()).toBe(200);

    // The drill of docs/operations.md, shortened: PostgreSQL away under requests, then back.
    proxy.set('refuse');
    await until(async () => (await center()) === 503, 10);
    await new Promise((r) => setTimeout(r, 3_000));
    proxy.set('open');
    const back = await until(async () => (await center()) === 200 && (await status('/market')) === 200, 5);
    expect(back).toBeLessThan(5);
  } finally {
    for (const c of children.splice(0)) c.kill('SIGKILL');
    await proxy.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

test('an embedded portal killed with kill -9 starts again at once on its data', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-embedded-'));
  try {
    const first = serve({ DATA_DIR: dataDir });
    await until(async () => (await status('/api/ready')) === 200, 120);
    const exited = new Promise((r) => first.once('exit', r));
    first.kill('SIGKILL');
    await exited;
    serve({ DATA_DIR: dataDir });
    await until(async () => (await status('/api/ready')) === 200, 120);
    expect(await status('/market')).toBe(200);
    expect(await center()).toBe(200);
  } finally {
    for (const c of children.splice(0)) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a node whose port is taken exits with code 1 before it starts anything', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-port-taken-'));
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, 'localhost', resolve));
  const port = (holder.address() as net.AddressInfo).port;
  try {
    const node = startNode(port, { DATA_DIR: dataDir, JOBS: 'true' }, children);
    const code = await new Promise<number | null>((resolve) => node.once('exit', resolve));
    expect(code).toBe(1);
    // The embedded database was never opened, so nothing holds it.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  } finally {
    holder.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
