import pg from 'pg';
import { applyPublicChange, CHANGE_CHANNEL, nodeId, parseChange } from '../../server/cache/change-bus';
import { logFor } from '../../server/log';

const log = logFor('page-cache');
/**
 * While the channel is down the node tries again every RETRY_MS, each try giving up after
 * CONNECT_TIMEOUT_MS (a server that does not answer): the channel is back within about a second of the
 * database, whatever the outage was like. A growing back-off would leave a node deaf for its last
 * step after the database returned (8 to 30 s) while the other nodes already publish changes.
 */
const RETRY_MS = 200;
const CONNECT_TIMEOUT_MS = 750;

/**
 * On PostgreSQL, every node LISTENs for the changes other nodes announce (publicChanged) and drops
 * its cached data and pages for them. A NOTIFY reaches only the sessions listening when it is sent, so
 * a node that was not listening must assume it missed changes: each time it starts listening (at
 * start and after a lost channel) it drops everything it holds, after LISTEN, so nothing published
 * meanwhile slips between the two. Returns a function that stops listening.
 */
export function listenForChanges(connectionString: string): () => void {
  let failing = false;
  let stopped = false;
  let current: pg.Client | undefined;
  const connect = async () => {
    if (stopped) return;
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS * 2, // LISTEN on a server that stopped answering
      keepAlive: true, // a connection cut without a word is noticed, not listened on forever
    });
    current = client;
    let retried = false;
    const retry = () => {
      if (retried) return;
      retried = true;
      client.removeAllListeners();
      client.on('error', () => {});
      client.end().catch(() => {});
      setTimeout(() => void connect(), RETRY_MS).unref();
    };
    client.on('error', (error) => {
      if (!failing) log.warn({ err: error }, 'change listener lost its connection');
      failing = true;
      retry();
    });
    client.on('end', () => {
      failing = true;
      retry();
    });
    client.on('notification', (message) => {
      const change = parseChange(message.payload);
      if (change && change.node !== nodeId()) applyPublicChange(change.tags);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      applyPublicChange(['all']);
      if (failing) log.info('change listener listening again; cached pages and data dropped');
      failing = false;
    } catch (error) {
      // One line per outage, not five a second.
      if (!failing) log.warn({ err: error }, 'change listener cannot connect yet');
      failing = true;
      retry();
    }
  };
  void connect();
  return () => {
    stopped = true;
    current?.removeAllListeners();
    current?.on('error', () => {});
    void current?.end().catch(() => {});
  };
}
