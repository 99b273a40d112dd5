import 'server-only';
import { and, asc, desc, eq, isNotNull, ne } from 'drizzle-orm';
import { formatTime, unixTime } from '@/contract/format';
import type { Locale } from '@/contract/locales';
import type { Kind } from '@/contract/market';
import type { StoreDetail } from '@/contract/store-answers';
import { plainText, webUrlOrEmpty } from '@/contract/text';
import { getDb } from '../../db/client';
import { apps, appVersions } from '../../db/schema';
import { fileUrl } from '../files';
import { versionFields } from '../present';
import { presentImages, presentStoreItem } from './present';
import { releasedApp } from './released';

/**
 * market_plugins/detail and market_theme/detail: the released version as the CMS and the item page
 * read it. A free item's `source` is its package URL; a paid one's stays empty until a code is given.
 */
export async function releasedDetail(args: { kind: Kind; id: number; locale: Locale }): Promise<StoreDetail> {
  const db = await getDb();
  const released = await releasedApp(db, args.kind, args.id);
  const { app, v } = released;
  const [versions, others] = await Promise.all([
    db
      .select()
      .from(appVersions)
      .where(and(eq(appVersions.appId, app.id), isNotNull(appVersions.releasedAt)))
      .orderBy(asc(appVersions.releasedAt), asc(appVersions.id)),
    db
      .select({ app: apps, v: appVersions })
      .from(apps)
      .innerJoin(appVersions, eq(appVersions.id, apps.releasedVersionId))
      .where(and(eq(apps.ownerId, app.ownerId), eq(apps.kind, app.kind), ne(apps.id, app.id)))
      .orderBy(desc(apps.downloadNum), desc(apps.id))
      .limit(6),
  ]);
  const images = presentImages(v);
  return {
    detail: {
      ...versionFields(app, v, args.locale),
      // The CMS shows a theme's developer email and phone: the portal has only the login email,
      // which is private, and no phone numbers. The developer's site is in `user_domain`.
      email: '',
      tel: '',
      source: v.toll === 1 ? '' : fileUrl(v.packageKey, true),
      file_name: `${v.folder}.zip`,
      file_size: v.packageSize,
      download_num: app.downloadNum,
      rating: app.rating,
      rating_count: app.ratingCount,
      update_time: formatTime(unixTime(v.releasedAt)),
      release_time: unixTime(v.releasedAt),
      ...images,
      pc_previews: v.pcPreview.map((k) => fileUrl(k, true)),
      h5_previews: v.h5Preview.map((k) => fileUrl(k, true)),
    },
    /** Version strings, oldest first: the CMS shows the last one as the current version. */
    version_history: versions.map((r) => r.version),
    versions: versions.map((r) => ({
      version: r.version,
      support_version: r.supportVersion,
      file_size: r.packageSize,
      release_time: unixTime(r.releasedAt),
      update_time: formatTime(unixTime(r.releasedAt)),
      current: r.id === v.id,
      changelog: r.changelog,
    })),
    other_theme: others.map((o) => presentStoreItem(o, args.locale)),
    user: { user_id: app.ownerId, name: plainText(v.userName), site: webUrlOrEmpty(v.userDomain) },
    how_to_buy: v.toll === 1 ? plainText(app.howToBuy) : '',
  };
}
