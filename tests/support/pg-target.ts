import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startPgProxy } from './pg-proxy';

/**
 * A PostgreSQL database behind a proxy the test controls, for the fault tests: the file's own
 * database in CI's PostgreSQL pass, else a throw-away one on the local server (127.0.0.1:5432).
 * Points DATABASE_URL at the proxy; call it before anything opens the database.
 */
export async function databaseBehindProxy() {
  const given = process.env.DATABASE_URL;
  const base = new URL(given ?? 'postgres://postgres@127.0.0.1:5432/test');
  let created: string | undefined;
  if (!given) {
    created = `portal_faults_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect().catch((error: Error) => {
      throw new Error(`these tests need PostgreSQL on ${base.host} (see README: Test it): ${error.message}`);
    });
    await admin.query(`create database ${created}`);
    await admin.end();
    base.pathname = `/${created}`;
  }
  const direct = base.toString();
  const proxy = await startPgProxy({ host: base.hostname, port: Number(base.port || 5432) });
  const viaProxy = new URL(direct);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  process.env.DATABASE_URL = viaProxy.toString();
  return {
    proxy,
    /** A connection that bypasses the proxy (to lock a table, say). */
    direct,
    async close() {
      await proxy.close();
      if (!created) return;
      const admin = new pg.Client({ connectionString: direct.replace(`/${created}`, '/test') });
      await admin.connect();
      await admin.query(`drop database if exists ${created} with (force)`);
      await admin.end();
    },
  };
}
