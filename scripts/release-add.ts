/**
 * Publishes a release package: `npm run release:add -- --edition pro --kind install
 * --version 2025.1000.4053 --file ./maccms-pro.zip [--date 2025-11-01] [--notes-zh …] [--notes-en …]`.
 * Like the admin CLI it opens the portal's database and refuses while the portal holds the embedded one.
 */
import { runReleaseAdd } from '../src/server/content/release-cli';
import { runCommand } from './run-command';

runCommand(runReleaseAdd);
