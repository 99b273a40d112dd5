import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { apps } from '../db/schema';
import type { UserRow } from '../identity/user';
import { appFor } from './access';
import { storeChanged } from './store/cache';

/**
 * how_to_buy: the note a paid item's public page shows buyers (where to pay, whom to write to).
 * Plain text, checked by the schema; the cached store pages are dropped so visitors see it at once.
 */
export async function setHowToBuy(args: { user: UserRow; id: number; note: string }) {
  const db = await getDb();
  const app = await appFor(db, { id: args.id, user: args.user, admin: true });
  await db.update(apps).set({ howToBuy: args.note }).where(eq(apps.id, app.id));
  if (app.releasedVersionId) await storeChanged();
  return { id: app.id, how_to_buy: args.note };
}
