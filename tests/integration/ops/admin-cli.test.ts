import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run admin` as the README gives it: node with the react-server condition and tsx, on the
 * embedded database of a DATA_DIR of its own. It loads the accounts code the portal runs, so an
 * import that only works inside Next's build breaks it here first.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-admin-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function admin(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/admin.ts', ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 90_000 },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

describe('npm run admin', () => {
  it('answers its usage, lists the administrators and refuses an unknown account', async () => {
    const usage = await admin();
    expect(usage.err).toContain('usage: npm run admin');
    expect(usage.code).toBe(2);
    const list = await admin('list');
    expect(list.err).toBe('');
    expect(list.out.trim()).toBe('no administrators');
    expect(list.code).toBe(0);
    const grant = await admin('grant', 'nobody@example.com');
    expect(grant.err).toContain('No account with the email nobody@example.com');
    expect(grant.code).toBe(1);
  }, 120_000);
});
