import pg from 'pg';
import { applyPublicChange, CHANGE_CHANNEL, nodeId, parseChange } from '../../server/cache/change-bus';
import { logFor } from '../../server/ops/log';

const log = logFor('page-cache');
const BACKOFF_MS = [1000, 2000, 4000, 8000, 15_000, 30_000];

/**
 * On PostgreSQL, every node LISTENs for the changes other nodes announce (publicChanged) and drops
 * its cached data and pages for them. A connection lost and regained may have missed notices, so the
 * node then drops everything once.
 */
export function listenForChanges(connectionString: string) {
  let attempt = 0;
  let connectedBefore = false;
  const connect = async () => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    let retried = false;
    const retry = () => {
      if (retried) return;
      retried = true;
      client.removeAllListeners();
      client.on('error', () => {});
      client.end().catch(() => {});
      const wait = BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)];
      setTimeout(() => void connect(), wait).unref();
    };
    client.on('error', (error) => {
      log.warn({ err: error }, 'change listener lost its connection');
      retry();
    });
    client.on('end', retry);
    client.on('notification', (message) => {
      const change = parseChange(message.payload);
      if (change && change.node !== nodeId()) applyPublicChange(change.tags);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      attempt = 0;
      if (connectedBefore) applyPublicChange(['all']);
      connectedBefore = true;
    } catch (error) {
      log.warn({ err: error }, 'change listener cannot connect yet');
      retry();
    }
  };
  void connect();
}
