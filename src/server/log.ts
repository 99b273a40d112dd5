import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import { logLevel } from './config/env';

// No `server-only` here: our own HTTP server (src/entry) logs through this module too.

type RequestScope = { id: string };
type Shared = {
  __portalRequests?: AsyncLocalStorage<RequestScope>;
  __portalLog?: Logger;
  /** Where lines go instead of stdout (the tests read them there). */
  __portalLogSink?: DestinationStream;
};
const shared = globalThis as unknown as Shared;

/**
 * The request a line belongs to. Set by src/entry/server.ts around Next's handler; kept on
 * globalThis because Next's bundles and our server are separate module graphs in one process.
 */
export function requestScope(): AsyncLocalStorage<RequestScope> {
  shared.__portalRequests ??= new AsyncLocalStorage<RequestScope>();
  return shared.__portalRequests;
}

/** Fields that must never reach a log line, wherever they appear in what is logged. */
const SECRETS = [
  'password',
  'token',
  'code',
  'cookie',
  'authorization',
  'secret',
  '*.password',
  '*.token',
  '*.cookie',
  '*.authorization',
  'headers.cookie',
  'headers.token',
  'headers.authorization',
];

/**
 * Structured JSON logs, one object a line, with the request id of the request that caused them.
 * LOG_LEVEL sets how much (`info` by default; `debug` adds a line per request).
 */
export function logger(): Logger {
  shared.__portalLog ??= pino(
    {
      level: logLevel(),
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: SECRETS, censor: '[redacted]' },
      mixin: () => {
        const scope = requestScope().getStore();
        return scope ? { request_id: scope.id } : {};
      },
    },
    shared.__portalLogSink ?? pino.destination({ fd: 1, sync: true }), // sync: a line before an exit is not lost
  );
  return shared.__portalLog;
}

/** A logger for one part of the portal (`area` on every line). */
export const logFor = (area: string) => logger().child({ area });
