import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectoryLocked, lockDirectory, processIdentity } from '@/server/db/process-lock';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
const lockFile = (dir: string, holder: object | number) =>
  fs.writeFileSync(path.join(dir, 'pglite.pid'), JSON.stringify(holder));

/** Resolves with the first line a child prints (or fails with what it wrote to stderr). */
function firstLine(child: ChildProcess): Promise<string> {
  let err = '';
  child.stderr?.on('data', (d) => {
    err += d;
  });
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', (d) => resolve(String(d).trim()));
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${err}`)));
  });
}

describe('the embedded database lock', () => {
  it('refuses a second process while the first one runs', async () => {
    const sleeper = spawn('sleep', ['30']);
    children.push(sleeper);
    const dir = tempDir();
    lockFile(dir, processIdentity(sleeper.pid));
    expect(() => lockDirectory(dir, 'pglite.pid')).toThrow(DirectoryLocked);
    expect(() => lockDirectory(dir, 'pglite.pid')).toThrow(`in use by process ${sleeper.pid}`);
  });

  it('is not fooled by a zombie left by a kill -9, nor by a pid another process got later', async () => {
    // The shell starts a child, then becomes `sleep`, which never reaps it: killed, it stays a zombie.
    const parent = spawn('sh', ['-c', 'sleep 30 & echo $!; exec sleep 60']);
    children.push(parent);
    const pid = Number(await firstLine(parent));
    // Killed before the shell has become `sleep`, the child would be reaped by the shell: wait.
    for (let i = 0; i < 100 && fs.readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim() !== 'sleep'; i++)
      await new Promise((r) => setTimeout(r, 10));
    const identity = processIdentity(pid);
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 50 && !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')).toMatch(/\) Z /);
    const dir = tempDir();
    lockFile(dir, identity);
    lockDirectory(dir, 'pglite.pid')();

    const other = spawn('sleep', ['30']);
    children.push(other);
    lockFile(dir, { ...processIdentity(other.pid), started: '1' }); // same pid, another start
    lockDirectory(dir, 'pglite.pid')();
  });

  it('opens at once after the portal holding it was killed with kill -9, with its data intact', async () => {
    const dataDir = tempDir();
    const start = () => {
      // node itself (not npx, whose own child would survive the kill), with tsx as its loader.
      const script = 'tests/support/processes/hold-pglite.ts';
      const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', script], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });

      children.push(child);
      return child;
    };
    const first = start();
    expect(await firstLine(first)).toBe('ready 1');
    const exited = new Promise((r) => first.once('exit', r));
    first.kill('SIGKILL');
    await exited;
    const second = start();
    expect(await firstLine(second)).toBe('ready 2');
    second.kill('SIGKILL');
  }, 60_000);
});
