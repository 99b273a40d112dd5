import 'server-only';
import { formatTime, unixTime } from '@/contract/format';
import { languageNames } from '@/contract/item-languages';
import type { Locale } from '@/contract/locales';
import { plainText, webUrlOrEmpty } from '@/contract/text';
import type { auditRecords } from '../db/schema';
import { translate } from '../http/translate';
import type { AppRow, VersionRow } from './access';
import { fileUrl } from './files';
import { presentReport } from './present-report';

/**
 * A version's languages as readable text: the CMS prints `langs` as it is ("支持语言: 3" said nothing).
 * Versions from before the list have only a number, said in the reader's language.
 */
export const langsText = (v: Pick<VersionRow, 'langs' | 'langList'>, locale: Locale) =>
  v.langList.length ? languageNames(v.langList) : translate(locale, 'store.langsCount', { n: v.langs });

/** The fields a developer filled in for a version, as every reader of an item shows them. */
export function versionFields(app: AppRow, v: VersionRow, locale: Locale) {
  return {
    id: app.id,
    type: app.kind,
    // Plain text even for rows stored before markup was refused: the CMS prints them unescaped.
    name: plainText(v.name),
    describe: plainText(v.describe),
    version: v.version,
    support_version: v.supportVersion,
    system_version: v.systemVersion,
    device: v.device,
    toll: v.toll,
    langs: langsText(v, locale),
    lang_list: v.langList,
    langs_count: v.langs,
    qq: v.qq,
    wechat: v.wechat,
    user_id: app.ownerId,
    user_name: plainText(v.userName),
    user_domain: webUrlOrEmpty(v.userDomain),
  };
}

/** The fields of one version as the add form, the developer centre and the audit page read them. */
export function presentVersion(app: AppRow, v: VersionRow, locale: Locale) {
  return {
    ...versionFields(app, v, locale),
    version_id: v.id,
    changelog: v.changelog,
    status: v.status,
    held: v.held,
    remarks: v.remarks,
    folder: v.folder,
    source: fileUrl(v.packageKey),
    source_key: v.packageKey,
    file_name: v.packageName,
    file_size: v.packageSize,
    pc_image: fileUrl(v.pcImage),
    pc_image_key: v.pcImage,
    pc_preview: v.pcPreview.map((k) => fileUrl(k)),
    pc_preview_keys: v.pcPreview,
    h5_image: fileUrl(v.h5Image),
    h5_image_key: v.h5Image,
    h5_preview: v.h5Preview.map((k) => fileUrl(k)),
    h5_preview_keys: v.h5Preview,
    download_num: v.downloadNum,
    submit_time: unixTime(v.submittedAt),
    audit_time: unixTime(v.auditedAt),
    release_time: unixTime(v.releasedAt),
    update_time: formatTime(unixTime(v.releasedAt ?? v.auditedAt ?? v.submittedAt)),
  };
}

/** One row of plugins_center / plugins_audit_list: the latest version, the released one, the queue. */
export function presentListItem(
  app: AppRow,
  latest: VersionRow,
  released: VersionRow | undefined,
  queue: number,
) {
  return {
    id: app.id,
    type: app.kind,
    version_id: latest.id,
    name: plainText(latest.name),
    pc_image: fileUrl(latest.pcImage),
    h5_image: fileUrl(latest.h5Image),
    pc_preview: fileUrl(latest.pcPreview[0] ?? ''),
    h5_preview: fileUrl(latest.h5Preview[0] ?? ''),
    status: latest.status,
    held: latest.held,
    version: latest.version,
    released_version: released?.version ?? '',
    toll: latest.toll,
    device: latest.device,
    remarks: latest.remarks,
    user_id: app.ownerId,
    user_name: plainText(latest.userName),
    download_num: app.downloadNum,
    submit_time: unixTime(latest.submittedAt),
    audit_time: unixTime(latest.auditedAt),
    queue,
  };
}

type RecordRow = typeof auditRecords.$inferSelect & { actorName: string | null };

/** audit_list: every state change, newest first, with the submit time of the version it concerns. */
export function presentRecord(r: RecordRow, submittedAt: Date | undefined) {
  return {
    id: r.id,
    version_id: r.versionId,
    action: r.action,
    status: r.status,
    version: r.version,
    remarks: r.remarks,
    actor: r.actorName ?? '',
    submit_time: unixTime(submittedAt),
    audit_time: r.action === 'submit' ? 0 : unixTime(r.createdAt),
    time: unixTime(r.createdAt),
  };
}

export function presentHistory(v: VersionRow, locale: Locale) {
  return {
    version_id: v.id,
    version: v.version,
    status: v.status,
    held: v.held,
    remarks: v.remarks,
    file_name: v.packageName,
    source: fileUrl(v.packageKey),
    submit_time: unixTime(v.submittedAt),
    audit_time: unixTime(v.auditedAt),
    release_time: unixTime(v.releasedAt),
    report: presentReport(v.report, locale),
  };
}
