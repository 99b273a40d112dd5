/**
 * Records a library release in the package scan's index of known files, in the portal's database:
 * `npm run known:add -- --library Twig --version 3.5.1 --file ./twig-3.5.1.zip` (or a .tar.gz).
 * Like the admin CLI it refuses while the portal holds the embedded database; on PostgreSQL the
 * running nodes pick the release up at once (the change bus).
 */
import { closeDb } from '../src/server/db/client';
import { runKnownAdd } from '../src/server/market/validate/known-add';

runKnownAdd(process.argv.slice(2))
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch(async (error: Error) => {
    console.error(error.message);
    await closeDb().catch(() => {});
    process.exit(1);
  });
