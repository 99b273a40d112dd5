/**
 * Publishes a release package: `npm run release:add -- --edition pro --kind install
 * --version 2025.1000.4053 --file ./maccms-pro.zip [--date 2025-11-01] [--notes-zh …] [--notes-en …]`.
 * Like the admin CLI it opens the portal's database and refuses while the portal holds the embedded one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import messages from '../messages/en-us/content.json';
import { releaseAddSchema } from '../src/contract/content';
import { addRelease } from '../src/server/content/add-release';
import { closeDb } from '../src/server/db/client';
import { AppError } from '../src/server/http/errors';

const USAGE =
  'usage: npm run release:add -- --edition pro|v10|v8 --kind install|upgrade --version <version> ' +
  '--file <package.zip> [--date YYYY-MM-DD] [--notes-zh <text>] [--notes-en <text>]';

/** `content.release.exists` → its English message (next-intl's translator needs React, not loaded here). */
function english(key: string): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
  return typeof found === 'string' ? found : key;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      edition: { type: 'string' },
      kind: { type: 'string' },
      version: { type: 'string' },
      file: { type: 'string' },
      date: { type: 'string' },
      'notes-zh': { type: 'string' },
      'notes-en': { type: 'string' },
    },
  });
  const parsed = releaseAddSchema.safeParse({
    ...values,
    notesZh: values['notes-zh'],
    notesEn: values['notes-en'],
  });
  if (!parsed.success || !values.file) {
    const issues = parsed.success
      ? []
      : parsed.error.issues.map((i) => `  --${i.path.join('.')}: ${i.message}`);
    console.error([USAGE, ...issues, ...(values.file ? [] : ['  --file: required'])].join('\n'));
    return 2;
  }
  const file = path.resolve(values.file);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    console.error(`No such file: ${file}`);
    return 1;
  }
  const input = parsed.data;
  const notes: Record<string, string> = {
    'zh-cn': input.notesZh || input.notesEn,
    'en-us': input.notesEn || input.notesZh,
  };
  const row = await addRelease({
    edition: input.edition,
    kind: input.kind,
    version: input.version,
    notes,
    fileName: path.basename(file),
    bytes: new Uint8Array(fs.readFileSync(file)),
    releasedAt: input.date ? new Date(`${input.date}T00:00:00+08:00`) : undefined,
  });
  console.log(
    `Published ${row.edition} ${row.kind} ${row.version}: ${row.fileName}, ${row.size} bytes, sha256 ${row.sha256}`,
  );
  return 0;
}

main(process.argv.slice(2))
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch(async (error: Error) => {
    console.error(error instanceof AppError ? english(error.messageKey) : error.message);
    await closeDb().catch(() => {});
    process.exit(1);
  });
