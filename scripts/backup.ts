/**
 * `npm run backup -- <folder>`: the database and every stored file into a new folder
 * (`npm run restore -- <folder>` puts them back). With the embedded database, stop the portal first.
 */

import { env } from '../src/server/config/env';
import { backup, restore } from '../src/server/ops/backup';
import { storage } from '../src/server/storage';

async function main([command, folder]: string[]) {
  if ((command !== 'backup' && command !== 'restore') || !folder) {
    console.error('usage: npm run backup -- <new folder>  |  npm run restore -- <backup folder>');
    return 2;
  }
  const e = env();
  const target = { databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR, storage: storage() };
  const manifest = await (command === 'backup' ? backup : restore)(target, folder);
  console.log(
    `${command === 'backup' ? 'Backed up' : 'Restored'} the ${manifest.database} database and ${manifest.files} files ` +
      `(${manifest.bytes.toLocaleString('en-US')} bytes) ${command === 'backup' ? 'to' : 'from'} ${folder}.`,
  );
  return 0;
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
