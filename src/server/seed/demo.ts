import 'server-only';
import { createAccount } from '../accounts/register';
import { findUserByEmail, markEmailVerified, setAdmin, updateProfile } from '../accounts/users';
import { AppError } from '../errors';
import { seedContent } from './content';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { seedMarket } from './market';
import { seedMarketFeedback } from './market-feedback';
import { seedMarketReviews } from './market-reviews';
import { seedResource } from './resource';

/**
 * Demo content for a fresh install, created through the same services users go through.
 * Safe to run on every start and on several nodes: existing records are left alone.
 */
export async function seedDemo() {
  for (const account of DEMO_ACCOUNTS) {
    if (!(await findUserByEmail(account.email))) {
      await createAccount({ email: account.email, password: account.password }, { verified: true }).catch(
        (error) => {
          if (!(error instanceof AppError)) throw error; // another node registered it first
        },
      );
      const user = await findUserByEmail(account.email);
      if (user) await updateProfile(user.id, { ...account.profile, email: account.email });
    }
    // Demo logins are printed in the README: their addresses count as proven (also on older installs).
    await markEmailVerified(account.email);
    if (account.admin) await setAdmin(account.email, true);
  }
  await seedContent();
  await seedResource();
  await seedMarket();
  await seedMarketFeedback();
  await seedMarketReviews();
}
