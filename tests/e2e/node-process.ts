import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Another production server process beside the suite's, from the suite's build (`.next-e2e`,
 * `dist/`): demo content, no rate limits, no jobs, the embedded database unless `env` names one.
 * It goes into `started`, for the caller to kill after its tests.
 */
export function startNode(port: number, env: Record<string, string>, started: ChildProcess[]): ChildProcess {
  const child = spawn(process.execPath, ['dist/entry/server.js'], {
    env: {
      ...process.env,
      NEXT_DIST_DIR: '.next-e2e',
      NODE_ENV: 'production',
      HOST: 'localhost',
      PORT: String(port),
      DEMO_CONTENT: 'true',
      RATE_LIMITS: 'false',
      JOBS: 'false',
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: '',
      ...env,
    },
    stdio: 'ignore', // start-up retries log to stderr
  });
  started.push(child);
  return child;
}
