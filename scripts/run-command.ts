import { closeDb } from '../src/server/db/client';

/**
 * Runs a command of the portal's database (admin, release:add, known:add) and exits with its code,
 * the database closed first whatever happened (an embedded database left open stays locked).
 */
export function runCommand(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2))
    .then(async (code) => {
      await closeDb();
      process.exit(code);
    })
    .catch(async (error: Error) => {
      console.error(error.message);
      await closeDb().catch(() => {});
      process.exit(1);
    });
}
