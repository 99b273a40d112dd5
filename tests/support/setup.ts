// Next's server sets up AsyncLocalStorage before loading anything (its route handlers and the proxy,
// which integration calls pass through, rely on it); do the same whatever a test file imports first.
import 'next/dist/server/node-environment-baseline';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll } from 'vitest';
import { closeDb } from '@/server/db/client';
import { logSink } from './logs';

/**
 * Every test file gets a database of its own: a fresh in-memory PGlite by default, or, when
 * DATABASE_URL points to PostgreSQL (CI's second pass), a fresh database created next to it
 * and dropped afterwards. Counters, seeds and stored files then never leak between files.
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
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}

afterAll(async () => {
  await closeDb();
  if (fileDb) {
    const name = fileDb;
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  }
});
