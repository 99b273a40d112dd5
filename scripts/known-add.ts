/**
 * Records a library release in the package scan's index of known files, in the portal's database:
 * `npm run known:add -- --library Twig --version 3.5.1 --file ./twig-3.5.1.zip` (or a .tar.gz).
 * Like the admin CLI it refuses while the portal holds the embedded database; on PostgreSQL the
 * running nodes pick the release up at once (the change bus).
 */
import { runKnownAdd } from '../src/server/market/validate/known-add';
import { runCommand } from './run-command';

runCommand(runKnownAdd);
