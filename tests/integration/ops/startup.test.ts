import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as center } from '@/app/api/market/center/route';
import { GET as ready } from '@/app/api/ready/route';
import { closeDb } from '@/server/db/client';
import { startupState } from '@/server/ops/startup-state';
import { bringUp } from '@/server/startup';
import { callApi } from '../../support/api';
import { logged } from '../../support/logs';
import { databaseBehindProxy } from '../../support/pg-target';

/** A node started while PostgreSQL is down waits for it and becomes ready by itself. */
let db: Awaited<ReturnType<typeof databaseBehindProxy>>;
beforeAll(async () => {
  process.env.DB_CONNECT_TIMEOUT_MS = '500';
  db = await databaseBehindProxy();
  db.proxy.set('refuse');
}, 60_000);
afterAll(async () => {
  await closeDb();
  await db?.close();
});

const readyState = async () => {
  const res = await ready();
  return {
    status: res.status,
    body: (await res.json()) as { info: { checks: { startup: { detail: string } } } },
  };
};

describe('start-up order', () => {
  it('answers 503 while the database is down, retries, and is ready once it is up', async () => {
    let attempts = 0;
    const started = bringUp(undefined, async () => {
      attempts += 1;
      await new Promise((r) => setTimeout(r, 100));
    });
    await vi.waitFor(() => expect(attempts).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    const down = await readyState();
    expect(down.status).toBe(503);
    expect(down.body.info.checks.startup.detail).toMatch(/^starting \(attempt \d+\)/);
    expect((await callApi(center, { form: { type: 'plugins', name: 'x' } })).status).toBe(503);
    expect(logged('start-up failed, retrying').length).toBeGreaterThanOrEqual(2);

    db.proxy.set('open');
    await started;
    expect(startupState().phase).toBe('ready');
    expect((await readyState()).status).toBe(200);
    expect((await callApi(center, { form: { type: 'plugins' } })).status).toBe(200);
  }, 60_000);
});
