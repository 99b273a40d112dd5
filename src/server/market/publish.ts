import 'server-only';
import { and, eq } from 'drizzle-orm';
import { STATUS } from '@/contract/market';
import { getDb } from '../db/client';
import { apps, appVersions, auditRecords } from '../db/schema';
import { invalid } from '../errors';
import type { UserRow } from '../identity/user';
import { appFor, latestVersion } from './access';
import { storeChanged } from './store/cache';

/** set_publish: the developer releases an approved version (1 → 3); it replaces the public one. */
export async function publishApp(args: { user: UserRow; id: number }) {
  const db = await getDb();
  const app = await appFor(db, { id: args.id, user: args.user });
  const latest = await latestVersion(db, app.id);
  if (latest.status !== STATUS.approved) throw invalid('market.err.notApproved');
  const now = new Date();
  const result = await db.transaction(async (tx) => {
    const [released] = await tx
      .update(appVersions)
      .set({ status: STATUS.released, releasedAt: now })
      .where(and(eq(appVersions.id, latest.id), eq(appVersions.status, STATUS.approved)))
      .returning();
    if (!released) throw invalid('market.err.notApproved');
    await tx.update(apps).set({ releasedVersionId: released.id, updatedAt: now }).where(eq(apps.id, app.id));
    await tx.insert(auditRecords).values({
      appId: app.id,
      versionId: released.id,
      actorId: args.user.id,
      action: 'publish',
      status: STATUS.released,
      version: released.version,
      createdAt: now,
    });
    return { id: app.id, version_id: released.id, status: STATUS.released, version: released.version };
  });
  await storeChanged();
  return result;
}
