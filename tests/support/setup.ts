// Next's server sets up AsyncLocalStorage before loading anything (its route handlers and the proxy,
// which integration calls pass through, rely on it); do the same whatever a test file imports first.
import 'next/dist/server/node-environment-baseline';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeEach, inject } from 'vitest';
import { closeDb } from '@/server/db/client';
import { logSink } from './logs';

/**
 * Every test file gets a database of its own: a fresh in-memory PGlite by default, or, when
 * DATABASE_URL points to PostgreSQL (CI's second pass), a fresh database created next to it
 * and dropped afterwards. Counters, seeds and stored files then never leak between files.
 * Either is a copy of one already migrated (global-setup.ts), not migrated again per file.
 */
// Log lines go to the test's own sink (tests/support/logs.ts), not to the terminal.
(globalThis as { __portalLogSink?: unknown }).__portalLogSink = logSink;

const serverUrl = process.env.DATABASE_URL;
let fileDb: string | undefined;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// Before the test file is even imported, so nothing can read the configuration first.
if (serverUrl) {
  fileDb = `portal_test_${randomBytes(6).toString('hex')}`;
  const name = fileDb;
  const template = inject('pgTemplate');
  await admin((c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
} else {
  const image = inject('pgliteImage');
  if (image) {
    const { startMemoryDatabasesFrom } = await import('@/server/db/open-pglite');
    startMemoryDatabasesFrom(new Blob([new Uint8Array(await readFile(image))]));
  }
}

afterAll(async () => {
  await closeDb();
  if (fileDb) {
    const name = fileDb;
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  }
});

/**
 * Rate limits count in fixed windows of a quarter hour or more (src/server/http/rate-limit.ts), and
 * China's day starts at a quarter hour in UTC (16:00): a test that counts up to a limit, or reads a
 * day's figures, across such an edge would find its count started again. No test starts in the last
 * seconds of a quarter hour; it waits for the next one. A test counting to a limit of a shorter
 * window (a minute, ten minutes) waits for room itself (withinOneWindow, support/api.ts).
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const EDGE_MARGIN_MS = 10_000;
beforeEach(async () => {
  const left = QUARTER_HOUR_MS - (Date.now() % QUARTER_HOUR_MS);
  if (left < EDGE_MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, left + 100));
});
