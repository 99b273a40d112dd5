import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { publicDeveloperName } from '@/contract/account-label';
import type { Locale } from '@/contract/locales';
import { type AppAddInput, type Kind, STATUS, VERSION_MAX, VERSION_PATTERN } from '@/contract/market';
import { assertReviewRoom } from '../accounts/review-cap';
import { requireVerified } from '../accounts/verified';
import { getDb } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { apps, appVersions, auditRecords, uploads, type ValidationReport } from '../db/schema';
import { invalid } from '../errors';
import type { UserRow } from '../identity/user';
import { type AppRow, appFor, latestVersion, type Reader, type VersionRow } from './access';
import { removeFiles, writeFiles } from './files';
import { presentReport } from './present-report';
import { queuePosition } from './queue';
import { resolveFiles } from './resolve-files';
import { versionTokens } from './store/search';

/**
 * plugins_add / theme_add: a new item, a resubmission of a failed one, or a new version of a
 * released one (which stays public while the new version is reviewed). Always starts a review.
 */
export async function submitApp(args: { user: UserRow; kind: Kind; input: AppAddInput; locale: Locale }) {
  const { user, kind, input } = args;
  await requireVerified(user);
  // Items show the developer's public name; without one they would show nothing true (or, as they
  // once did, the private login email).
  const developerName = publicDeveloperName(user);
  if (!developerName) throw invalid('market.err.nameRequired');
  const db = await getDb();
  await assertReviewRoom(db, user.id, 'items', { lock: false });
  const app = input.id ? await appFor(db, { id: input.id, user, kind }) : undefined;
  if (app) assertOpen(await latestVersion(db, app.id));
  const files = await resolveFiles(db, user.id, kind, input);
  const folder = files.source.folder;
  const versionNumber = submittedVersion(input.version, files.source.report);
  await checkFolder(kind, folder, app);
  if (app) await checkVersionFree(app.id, versionNumber);

  await writeFiles(files.fresh);
  let result: { appId: number; version: VersionRow };
  try {
    result = await db.transaction(async (tx) => {
      await assertReviewRoom(tx, user.id, 'items');
      if (files.fresh.length) await tx.insert(uploads).values(files.fresh.map((f) => f.row));
      await keepEarlierUploads(tx, files.earlier);
      let target = app;
      if (target) {
        // Two submissions at once must not both start a review: lock the item and look again.
        await tx.select({ id: apps.id }).from(apps).where(eq(apps.id, target.id)).for('update');
        assertOpen(await latestVersion(tx, target.id));
      } else {
        // The unique (kind, folder) index settles a race for the same folder.
        [target] = await tx.insert(apps).values({ kind, ownerId: user.id, folder }).returning();
      }
      if (!target) throw new Error('app not created');
      const [version] = await tx
        .insert(appVersions)
        .values({
          appId: target.id,
          status: STATUS.review,
          version: versionNumber,
          // Forms send CRLF line breaks in multipart: kept as plain newlines.
          changelog: input.changelog.replace(/\r\n?/g, '\n'),
          name: input.name,
          describe: input.describe,
          ...versionTokens(input),
          supportVersion: input.support_version,
          systemVersion: input.system_version,
          device: input.device,
          toll: input.toll,
          langs: input.lang_list.length || input.langs,
          langList: input.lang_list,
          qq: input.qq || user.qq,
          wechat: input.wechat || user.wechat,
          userName: developerName,
          userDomain: user.site,
          packageKey: files.source.key,
          packageName: files.source.fileName,
          packageSize: files.source.size,
          folder,
          pcImage: files.pcImage,
          pcPreview: files.pcPreview,
          h5Image: files.h5Image,
          h5Preview: files.h5Preview,
          report: files.source.report,
          held: files.source.report.held,
        })
        .returning();
      if (!version) throw new Error('version not created');
      await tx
        .update(apps)
        .set({ latestVersionId: version.id, updatedAt: new Date() })
        .where(eq(apps.id, target.id));
      await tx.insert(auditRecords).values({
        appId: target.id,
        versionId: version.id,
        actorId: user.id,
        action: 'submit',
        status: STATUS.review,
        version: versionNumber,
      });
      return { appId: target.id, version };
    });
  } catch (error) {
    // Nothing was saved: the files written for it go too.
    await removeFiles(files.fresh.map((f) => f.key));
    if (isUniqueViolation(error)) throw invalid('market.err.folderTaken', { folder });
    throw error;
  }
  return {
    id: result.appId,
    version_id: result.version.id,
    status: STATUS.review,
    held: result.version.held,
    queue: await queuePosition(result.version.id),
    report: presentReport(result.version.report, args.locale),
  };
}

/**
 * The hourly cleanup removes uploads no version uses after a day; one it took between reading the
 * form's files and this commit would leave the version without its file. Locked here, the cleanup
 * skips them; already gone, the developer is asked to upload again.
 */
async function keepEarlierUploads(tx: Reader, keys: string[]) {
  if (!keys.length) return;
  const kept = await tx
    .select({ key: uploads.key })
    .from(uploads)
    .where(inArray(uploads.key, keys))
    .for('share');
  if (kept.length < keys.length) throw invalid('market.err.uploadGone');
}

/**
 * Every version has a number (an item once showed "--" until a reviewer typed one): the one typed, or
 * else the one the package's info.ini states, which the add form pre-fills. Neither is refused.
 */
function submittedVersion(typed: string, report: ValidationReport): string {
  if (typed) return typed;
  const stated = report.info?.version ?? '';
  if (!stated) throw invalid('market.valid.versionRequired');
  if (stated.length > VERSION_MAX || !VERSION_PATTERN.test(stated))
    throw invalid('market.valid.versionStated', { version: stated.slice(0, 40) });
  return stated;
}

/** A new version can start only when the item has none under review or waiting to be released. */
function assertOpen(latest: VersionRow) {
  if (latest.status === STATUS.review) throw invalid('market.err.underReview');
  if (latest.status === STATUS.approved) throw invalid('market.err.awaitingPublish');
}

/** The CMS installs by folder name: an item keeps its folder, and no two items of a kind share one. */
async function checkFolder(kind: Kind, folder: string, app: AppRow | undefined) {
  const db = await getDb();
  const [clash] = await db
    .select({ appId: appVersions.appId, folder: appVersions.folder })
    .from(appVersions)
    .innerJoin(apps, eq(apps.id, appVersions.appId))
    .where(
      and(
        eq(apps.kind, kind),
        sql`lower(${appVersions.folder}) = ${folder.toLowerCase()}`,
        app ? ne(apps.id, app.id) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw invalid('market.err.folderTaken', { folder });
  if (app) {
    const latest = await latestVersion(db, app.id);
    if (latest.folder.toLowerCase() !== folder.toLowerCase())
      throw invalid('market.err.folderChanged', { folder: latest.folder });
  }
}

/** A version number that was already approved or released cannot be submitted again. */
export async function checkVersionFree(appId: number, version: string, exceptId?: number) {
  const db = await getDb();
  const [taken] = await db
    .select({ id: appVersions.id })
    .from(appVersions)
    .where(
      and(
        eq(appVersions.appId, appId),
        eq(appVersions.version, version),
        sql`${appVersions.status} in (${STATUS.approved}, ${STATUS.released})`,
        exceptId ? ne(appVersions.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw invalid('market.err.versionExists', { version });
}
