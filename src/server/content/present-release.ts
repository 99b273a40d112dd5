import 'server-only';
import type { ReleaseEdition, ReleaseKind, ReleaseView } from '@/contract/content';
import type { Locale } from '@/contract/locales';
import type { releases } from '../db/schema';
import { formatTime } from './format-time';

type ReleaseRow = typeof releases.$inferSelect;

export const releaseDownloadUrl = (id: number) => `/api/release/download?id=${id}`;

export function presentRelease(row: ReleaseRow, locale: Locale): ReleaseView {
  const time = Math.floor(row.releasedAt.getTime() / 1000);
  return {
    id: row.id,
    edition: row.edition as ReleaseEdition,
    kind: row.kind as ReleaseKind,
    version: row.version,
    notes: row.notes[locale] || row.notes['zh-cn'] || row.notes['en-us'] || '',
    file_name: row.fileName,
    size: row.size,
    sha256: row.sha256,
    downloads: row.downloads,
    release_time: time,
    release_date: formatTime(time, true),
    download_url: releaseDownloadUrl(row.id),
  };
}
