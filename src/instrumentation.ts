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

/** Errors Next caught while rendering: a database that cannot answer turns the page's 500 into a 503. */
export function onRequestError(error: unknown) {
  // Synchronous, so it is noted before the error page's status is written.
  if (isDatabaseUnavailable(error)) noteDatabaseUnavailable();
}
