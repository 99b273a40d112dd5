import 'server-only';
import { and, count, desc, eq, gte, ilike, inArray, type SQL } from 'drizzle-orm';
import { formatTime } from '@/contract/format';
import type { Locale } from '@/contract/locales';
import { PROVIDE_PAGE_SIZE, PROVIDE_PAGE_SIZE_MAX } from '@/contract/resource';
import { getDb } from '../db/client';
import { likePattern } from '../db/like-pattern';
import { resourceStations, resourceTypes, resourceVideos } from '../db/schema';
import type { LibraryPage } from './format/serialize';
import type { VodItem } from './format/types';
import { listTypes, typeName } from './list-types';

export type LibraryQuery = {
  t?: number;
  pg?: number;
  wd?: string;
  h?: number;
  ids?: number[];
  year?: string;
  pagesize?: number;
};

/** The collected library in the collection format, newest updates first; approved stations only. */
export async function listLibrary({
  query,
  locale,
  withClasses,
  now = new Date(),
}: {
  query: LibraryQuery;
  locale: Locale;
  withClasses: boolean;
  now?: Date;
}): Promise<LibraryPage> {
  const db = await getDb();
  const limit = Math.min(Math.max(query.pagesize || PROVIDE_PAGE_SIZE, 1), PROVIDE_PAGE_SIZE_MAX);
  const filters: SQL[] = [eq(resourceStations.status, 1)];
  if (query.t) filters.push(eq(resourceVideos.typeId, query.t));
  if (query.wd) filters.push(ilike(resourceVideos.name, likePattern(query.wd)));
  if (query.h) filters.push(gte(resourceVideos.updatedAt, new Date(now.getTime() - query.h * 3_600_000)));
  if (query.ids?.length) filters.push(inArray(resourceVideos.id, query.ids));
  if (query.year) filters.push(eq(resourceVideos.year, query.year));
  const where = and(...filters);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(resourceVideos)
    .innerJoin(resourceStations, eq(resourceStations.id, resourceVideos.stationId))
    .where(where);
  const pagecount = Math.ceil(total / limit);
  const page = Math.max(1, query.pg || 1);
  const rows = await db
    .select({ video: resourceVideos, type: resourceTypes })
    .from(resourceVideos)
    .innerJoin(resourceStations, eq(resourceStations.id, resourceVideos.stationId))
    .innerJoin(resourceTypes, eq(resourceTypes.id, resourceVideos.typeId))
    .where(where)
    .orderBy(desc(resourceVideos.updatedAt), desc(resourceVideos.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const list: VodItem[] = rows.map(({ video: v, type }) => ({
    vod_id: String(v.id),
    type_id: v.typeId,
    type_name: typeName(type, locale),
    vod_name: v.name,
    vod_en: v.en,
    vod_time: formatTime(Math.floor(v.updatedAt.getTime() / 1000)),
    vod_remarks: v.remarks,
    vod_pic: v.pic,
    vod_actor: v.actor,
    vod_director: v.director,
    vod_area: v.area,
    vod_lang: v.lang,
    vod_year: v.year,
    vod_content: v.content,
    vod_play_from: v.playFrom,
    vod_play_url: v.playUrl,
  }));
  const classes = withClasses ? await listTypes({ locale }) : [];
  return { page, pagecount, limit, total, list, classes };
}
