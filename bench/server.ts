import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const DIST_DIR = '.next-bench';
const SOURCES = ['src', 'messages', 'public', 'next.config.ts', 'package-lock.json'];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Builds into .next-bench unless a build newer than every source file is already there. */
export function ensureBuild(force: boolean): 'built' | 'reused' {
  const buildId = path.join(DIST_DIR, 'BUILD_ID');
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  if (!force && built > Math.max(...SOURCES.map(newestMtime))) return 'reused';
  const result = spawnSync('npm', ['run', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
  return 'built';
}

export type Server = { origin: string; stop: () => Promise<void> };

/** Starts the production server on `port` with a throw-away data directory (and `extraEnv`) and waits until the API answers. */
export async function startServer(
  port: number,
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, ['dist/entry/server.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_DIST_DIR: DIST_DIR,
      HOST: 'localhost',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'true',
      RATE_LIMITS: 'false',
      NEXT_TELEMETRY_DISABLED: '1',
      ...extraEnv,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    // Ready means migrated and seeded (503 while starting).
    const status = await fetch(`${origin}/api/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { origin, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('the server did not answer within 60 s');
}
