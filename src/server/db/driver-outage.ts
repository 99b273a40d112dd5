import 'server-only';
import pg from 'pg';
import { markUnavailable } from './unavailable';

/**
 * The driver (node-postgres) reports a connection it could not open, lost, or gave up waiting on
 * with plain `Error`s ("timeout expired", "Connection terminated unexpectedly", "Query read timeout",
 * the pool's "timeout exceeded when trying to connect"…), while what the server itself says comes as
 * a `DatabaseError` with a SQLSTATE. So every driver call the portal makes goes through here: a
 * failure that is neither the server's answer nor a programming error is marked as the database
 * being unavailable (db/unavailable.ts), whatever its wording.
 */
const PROGRAMMING = [TypeError, RangeError, SyntaxError, ReferenceError];

export function classifyDriverError(error: unknown): unknown {
  if (error instanceof pg.DatabaseError) return error;
  if (PROGRAMMING.some((kind) => error instanceof kind)) return error;
  return markUnavailable(error);
}

const guarded = Symbol('outage-guarded');
const broken = Symbol('outage-broken');
type Queryable = { query: (...args: unknown[]) => unknown; [guarded]?: true; [broken]?: true };

/** Wraps `target.query` (promise form; a callback form is the driver's own plumbing) once. */
function guardQuery<T extends object>(target: T): T {
  const q = target as unknown as Queryable;
  if (q[guarded]) return target;
  const query = q.query.bind(q);
  q.query = (...args: unknown[]) => {
    const result = query(...args);
    if (typeof args.at(-1) === 'function' || !(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      // Anything but the server's own answer leaves the connection in doubt.
      if (!(error instanceof pg.DatabaseError)) q[broken] = true;
      throw classifyDriverError(error);
    });
  };
  q[guarded] = true;
  return target;
}

/** A client whose connect and queries report outages by kind. */
export function guardClient(client: pg.Client): pg.Client {
  const connect = client.connect.bind(client);
  client.connect = (() =>
    connect().catch((error: unknown) => {
      throw classifyDriverError(error);
    })) as typeof client.connect;
  return guardQuery(client);
}

/**
 * A pool whose queries, and the clients it lends, report outages by kind. A lent client whose
 * connection failed (a query timed out, say) is discarded when released, never lent again: the
 * server may still run what it was sent and leave that session inside a transaction, which the
 * next borrower would then commit along with its own work.
 */
export function guardPool(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: unknown) => {
    if (typeof callback === 'function') return connect(callback as never);
    return connect().then(
      (client) => {
        const lent = guardQuery(client);
        const release = lent.release;
        lent.release = (error?: Error | boolean) =>
          release(
            error || ((lent as unknown as Queryable)[broken] ? new Error('connection failed') : undefined),
          );
        return lent;
      },
      (error: unknown) => {
        throw classifyDriverError(error);
      },
    );
  }) as typeof pool.connect;
  return guardQuery(pool);
}
