import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import messages from '@messages/en-us/content.json';
import { releaseAddSchema } from '@/contract/content';
import { AppError } from '../errors';
import { addRelease } from './add-release';
import { publishedKey, signReleases } from './release-signing';

export const RELEASE_ADD_USAGE =
  'usage: npm run release:add -- --edition pro|v10|v8 --kind install|upgrade --version <version> ' +
  '--file <package.zip> [--date YYYY-MM-DD] [--notes-zh <text>] [--notes-en <text>]';

type Output = { log: (line: string) => void; error: (line: string) => void };

/** `content.release.exists` → its English message (the CLI runs without next-intl's React side). */
function english(key: string): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
  return typeof found === 'string' ? found : key;
}

/**
 * `npm run release:add`: checks the arguments and the file, then publishes and signs the package
 * (and any release not signed yet). Answers the
 * exit code: 0 published, 1 refused (no such file, not a zip, version already published), 2 usage.
 */
export async function runReleaseAdd(argv: string[], out: Output = console): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: Object.fromEntries(
        ['edition', 'kind', 'version', 'file', 'date', 'notes-zh', 'notes-en'].map((name) => [
          name,
          { type: 'string' as const },
        ]),
      ),
    }).values as Record<string, string | undefined>;
  } catch (error) {
    out.error(`${RELEASE_ADD_USAGE}\n  ${(error as Error).message}`);
    return 2;
  }
  const parsed = releaseAddSchema.safeParse({
    ...values,
    notesZh: values['notes-zh'],
    notesEn: values['notes-en'],
  });
  if (!parsed.success || !values.file) {
    const issues = parsed.success
      ? []
      : parsed.error.issues.map((i) => `  --${i.path.join('.')}: ${i.message}`);
    out.error([RELEASE_ADD_USAGE, ...issues, ...(values.file ? [] : ['  --file: required'])].join('\n'));
    return 2;
  }
  const file = path.resolve(values.file);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    out.error(`No such file: ${file}`);
    return 1;
  }
  const input = parsed.data;
  try {
    const row = await addRelease({
      edition: input.edition,
      kind: input.kind,
      version: input.version,
      notes: { 'zh-cn': input.notesZh || input.notesEn, 'en-us': input.notesEn || input.notesZh },
      fileName: path.basename(file),
      bytes: new Uint8Array(fs.readFileSync(file)),
      releasedAt: input.date ? new Date(`${input.date}T00:00:00+08:00`) : undefined,
    });
    // Releases published before signing existed (or before the key changed) are signed now too.
    const earlier = await signReleases();
    out.log(
      `Published ${row.edition} ${row.kind} ${row.version}: ${row.fileName}, ${row.size} bytes, sha256 ${row.sha256}`,
    );
    if (earlier) out.log(`Signed ${earlier} earlier release${earlier === 1 ? '' : 's'} as well`);
    out.log(`Signed with the release key ${(await publishedKey())?.fingerprint}`);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    out.error(english(error.messageKey));
    return 1;
  }
}
