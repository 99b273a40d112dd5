import 'server-only';
import { asc } from 'drizzle-orm';
import type { Locale } from '@/contract/locales';
import type { ResourceType } from '@/contract/resource';
import { getDb } from '../db/client';
import { resourceTypes } from '../db/schema';

type TypeRow = typeof resourceTypes.$inferSelect;

export const typeName = (row: Pick<TypeRow, 'name' | 'nameTw' | 'nameEn'>, locale: Locale) =>
  locale === 'en-us' ? row.nameEn : locale === 'zh-tw' ? row.nameTw : row.name;

/** The portal's video types (`get_type`'s info.list, provide/vod's class[]). */
export async function listTypes({ locale }: { locale: Locale }): Promise<ResourceType[]> {
  const db = await getDb();
  const rows = await db.select().from(resourceTypes).orderBy(asc(resourceTypes.sort), asc(resourceTypes.id));
  return rows.map((row) => ({ type_id: row.id, type_name: typeName(row, locale), type_pid: 0 }));
}
