import 'server-only';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { AppDetail } from '@/contract/developer-output';
import type { Locale } from '@/contract/locales';
import type { Kind } from '@/contract/market';
import { getDb } from '../db/client';
import { apps, appVersions, auditRecords, authCodes, users } from '../db/schema';
import type { UserRow } from '../identity/user';
import { appFor } from './access';
import { fileUrl } from './files';
import { presentHistory, presentRecord, presentVersion } from './present';
import { presentReport } from './present-report';
import { queuePosition } from './queue';

/**
 * plugins_detail (the owner) and audit_detail (administrators): the latest version, the released one,
 * the history, every audit record, the images, the developer and the validation report.
 */
export async function appDetail(args: {
  id: number;
  kind: Kind;
  viewer: UserRow;
  admin: boolean;
  locale: Locale;
}): Promise<AppDetail> {
  const db = await getDb();
  const app = await appFor(db, { id: args.id, user: args.viewer, kind: args.kind, admin: args.admin });
  const versions = await db
    .select()
    .from(appVersions)
    .where(eq(appVersions.appId, app.id))
    .orderBy(asc(appVersions.id));
  const latest = versions.at(-1);
  if (!latest) throw new Error(`app ${app.id} has no version`);
  const released = versions.find((v) => v.id === app.releasedVersionId);
  const records = await db
    .select({ record: auditRecords, actorName: users.name })
    .from(auditRecords)
    .leftJoin(users, eq(users.id, auditRecords.actorId))
    .where(eq(auditRecords.appId, app.id))
    .orderBy(desc(auditRecords.id));
  const [owner] = await db.select().from(users).where(eq(users.id, app.ownerId)).limit(1);
  const others = await db
    .select({ app: apps, v: appVersions })
    .from(apps)
    .innerJoin(appVersions, eq(appVersions.id, apps.latestVersionId))
    .where(and(eq(apps.ownerId, app.ownerId), ne(apps.id, app.id)))
    .orderBy(desc(apps.id))
    .limit(6);
  const codes = await db.$count(authCodes, eq(authCodes.appId, app.id));
  const submitted = new Map(versions.map((v) => [v.id, v.submittedAt]));
  return {
    detail: presentVersion(app, latest, args.locale),
    publish_data: released ? presentVersion(app, released, args.locale) : null,
    other_theme: others.map((o) => ({
      id: o.app.id,
      type: o.app.kind,
      name: o.v.name,
      status: o.v.status,
      pc_image: fileUrl(o.v.pcImage),
    })),
    version_history: versions.map((v) => presentHistory(v, args.locale)),
    application: { download_num: app.downloadNum, auth_code_num: codes },
    audit_list: records.map((r) =>
      presentRecord({ ...r.record, actorName: r.actorName }, submitted.get(r.record.versionId)),
    ),
    img: {
      pc_image: fileUrl(latest.pcImage),
      pc_preview: latest.pcPreview.map((k) => fileUrl(k)),
      h5_image: fileUrl(latest.h5Image),
      h5_preview: latest.h5Preview.map((k) => fileUrl(k)),
    },
    user: {
      user_id: app.ownerId,
      name: owner?.name ?? '',
      site: owner?.site ?? '',
      email: owner?.email ?? '',
      qq: owner?.qq ?? '',
      wechat: owner?.wechat ?? '',
    },
    report: presentReport(latest.report, args.locale),
    queue: await queuePosition(latest.id),
  };
}
