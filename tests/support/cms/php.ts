import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs one of the PHP replays in tests/support/cms and reads the JSON line it prints. Never
 * synchronously: the portal under test answers from this very process.
 */
export async function php<T>(script: string, args: string[]): Promise<T & { stderr: string }> {
  const probe = await run('php', [
    '-r',
    'echo class_exists("ZipArchive") && function_exists("curl_init") && function_exists("simplexml_load_string") ? "ok" : "no";',
  ]).catch(() => ({ stdout: 'missing' }));
  if (probe.stdout !== 'ok')
    throw new Error('These tests need php-cli with the zip, curl and xml extensions (see README: Test it)');
  const out = await run('php', [`tests/support/cms/${script}`, ...args], {
    encoding: 'utf8',
    timeout: 30_000,
  }).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? String(error),
  }));
  let parsed: T;
  try {
    parsed = JSON.parse(out.stdout) as T;
  } catch {
    parsed = { ok: false, error: out.stdout || out.stderr } as T;
  }
  return { ...parsed, stderr: out.stderr };
}
