/**
 * Administrator management: `npm run admin -- grant <email>`, `revoke <email>`, `list`.
 * Opens the same database the portal uses (DATABASE_URL, else the embedded one in DATA_DIR);
 * the embedded database refuses while the portal is running: use ADMIN_EMAILS then, or stop it.
 */
import { listAdmins, setAdmin } from '../src/server/accounts/users';
import { runCommand } from './run-command';

const USAGE = 'usage: npm run admin -- grant <email> | revoke <email> | list';

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (command === 'list') {
    const admins = await listAdmins();
    console.log(admins.length ? admins.map((a) => `${a.email}\t${a.name}`).join('\n') : 'no administrators');
    return 0;
  }
  if ((command === 'grant' || command === 'revoke') && email) {
    const user = await setAdmin(email.trim(), command === 'grant');
    if (!user) {
      console.error(`No account with the email ${email}: register it on the portal first.`);
      return 1;
    }
    console.log(
      `${user.email} is ${command === 'grant' ? 'now an administrator' : 'no longer an administrator'}.`,
    );
    return 0;
  }
  console.error(USAGE);
  return 2;
}

runCommand(main);
