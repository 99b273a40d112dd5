import 'server-only';
import { and, eq } from 'drizzle-orm';
import { type AuditInput, type Kind, STATUS } from '@/contract/market';
import { getDb } from '../db/client';
import { appVersions, auditRecords } from '../db/schema';
import { invalid } from '../errors';
import type { UserRow } from '../identity/user';
import { notifyReviewed } from '../mail/notify/review';
import { appFor, latestVersion } from './access';
import { checkVersionFree } from './submit';

/** do_audit: an administrator approves (with the version number) or rejects (with remarks) a review. */
export async function auditApp(args: { admin: UserRow; kind: Kind; input: AuditInput }) {
  const { admin, kind, input } = args;
  const db = await getDb();
  const app = await appFor(db, { id: input.id, user: admin, kind, admin: true });
  const pending = await latestVersion(db, app.id);
  if (pending.status !== STATUS.review || (input.version_id && input.version_id !== pending.id))
    throw invalid('market.err.notPending');
  const approve = input.status === STATUS.approved;
  const version = input.version || pending.version;
  if (approve) await checkVersionFree(app.id, version, pending.id);
  const now = new Date();
  const result = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(appVersions)
      .set({
        status: input.status,
        version,
        remarks: input.remarks,
        auditedAt: now,
        auditorId: admin.id,
      })
      .where(and(eq(appVersions.id, pending.id), eq(appVersions.status, STATUS.review)))
      .returning();
    // Another administrator decided first.
    if (!updated) throw invalid('market.err.notPending');
    await tx.insert(auditRecords).values({
      appId: app.id,
      versionId: pending.id,
      actorId: admin.id,
      action: approve ? 'approve' : 'reject',
      status: input.status,
      version,
      remarks: input.remarks,
      createdAt: now,
    });
    return { id: app.id, version_id: pending.id, status: updated.status, version: updated.version };
  });
  await notifyReviewed({
    ownerId: app.ownerId,
    appId: app.id,
    kind,
    name: pending.name,
    version,
    approved: approve,
    remarks: input.remarks,
  });
  return result;
}
