import { isDatabaseUnavailable } from './server/db/unavailable';
import { noteDatabaseUnavailable } from './server/ops/outage';

/**
 * Runs once when a server process starts: validates configuration (a bad one stops the process),
 * then migrates and seeds in the background, retrying until the database answers (startup.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startUp } = await import('./server/startup');
  startUp();
  const { provideShellUser } = await import('./server/accounts/shell-template');
  const { shellUserOfToken } = await import('./server/accounts/page-user');
  provideShellUser(shellUserOfToken);
}

/**
 * Errors Next caught while rendering: a database that cannot answer turns the page's 500 into a 503.
 * Each is logged as a JSON line in the request's scope, so it carries the `request_id` the answer
 * gave in X-Request-Id (API calls log theirs the same way).
 */
export async function onRequestError(error: unknown, request?: { path?: string; method?: string }) {
  // Before the first await, so it is noted before the error page's status is written.
  const outage = isDatabaseUnavailable(error);
  if (outage) noteDatabaseUnavailable();
  if (process.env.NEXT_RUNTIME === 'edge') return; // the logger is Node's
  const { logFor } = await import('./server/log');
  logFor('page').error({ err: error, method: request?.method, path: request?.path, outage }, 'page failed');
}
