import 'server-only';
import type { ReleaseEdition, ReleaseKind, ReleaseView } from '@/contract/content';
import type { Locale } from '@/contract/locales';
import type { releases } from '../db/schema';
import { formatTime } from './format-time';
import { traditional } from './traditional';

type ReleaseRow = typeof releases.$inferSelect;

export const releaseDownloadUrl = (id: number) => `/api/release/download?id=${id}`;
export const releaseSignatureUrl = (id: number) => `/api/release/signature?id=${id}`;

export function presentRelease(row: ReleaseRow, locale: Locale): ReleaseView {
  const time = Math.floor(row.releasedAt.getTime() / 1000);
  return {
    id: row.id,
    edition: row.edition as ReleaseEdition,
    kind: row.kind as ReleaseKind,
    version: row.version,
    notes: releaseNotes(row.notes, locale),
    file_name: row.fileName,
    size: row.size,
    sha256: row.sha256,
    downloads: row.downloads,
    release_time: time,
    release_date: formatTime(time, true),
    download_url: releaseDownloadUrl(row.id),
    signature_url: releaseSignatureUrl(row.id),
  };
}

/** The notes in the visitor's language; Traditional Chinese is made from the Simplified when absent. */
function releaseNotes(notes: ReleaseRow['notes'], locale: Locale): string {
  const given = notes[locale];
  if (given) return given;
  if (locale === 'zh-tw' && notes['zh-cn']) return traditional(notes['zh-cn']);
  return notes['zh-cn'] || notes['en-us'] || '';
}
