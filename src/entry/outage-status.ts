import type { ServerResponse } from 'node:http';
import { databaseRecentlyUnavailable } from '../server/ops/outage';

const RETRY_AFTER_S = 5;

/**
 * A page that failed while the database was unavailable answers 503 with Retry-After instead of a
 * 500: balancers and crawlers retry a 503, and it says what happened (API calls already do so).
 */
export function outageStatus(res: ServerResponse) {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status === 500 && databaseRecentlyUnavailable(10_000)) {
      res.setHeader('retry-after', String(RETRY_AFTER_S));
      return writeHead(503, ...rest);
    }
    return writeHead(status, ...rest);
  }) as typeof res.writeHead;
}
