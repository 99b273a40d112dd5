import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { Kind } from '@/contract/market';
import type { Db } from '../db/client';
import { apps, appVersions } from '../db/schema';
import { AppError, invalid } from '../errors';
import type { UserRow } from '../identity/user';
import { isAdmin } from '../identity/user';

export type AppRow = typeof apps.$inferSelect;
export type VersionRow = typeof appVersions.$inferSelect;

/**
 * The app a caller may act on: unknown ids are a business failure, another developer's item is
 * forbidden (administrators may read every item when `admin` allows it).
 */
export async function appFor(
  db: Db,
  args: { id: number; user: UserRow; kind?: Kind; admin?: boolean },
): Promise<AppRow> {
  const where = args.kind ? and(eq(apps.id, args.id), eq(apps.kind, args.kind)) : eq(apps.id, args.id);
  const [app] = await db.select().from(apps).where(where).limit(1);
  if (!app) throw invalid('market.err.notFound');
  if (app.ownerId !== args.user.id && !(args.admin && isAdmin(args.user)))
    throw new AppError('forbidden', 'market.err.notYours');
  return app;
}

/** The database or an open transaction: anything that can run a select. */
export type Reader = Pick<Db, 'select'>;

export async function latestVersion(db: Reader, appId: number): Promise<VersionRow> {
  const [v] = await db
    .select()
    .from(appVersions)
    .where(eq(appVersions.appId, appId))
    .orderBy(desc(appVersions.id))
    .limit(1);
  if (!v) throw invalid('market.err.notFound');
  return v;
}
