import 'server-only';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Locale } from '@/contract/locales';
import type { Kind } from '@/contract/market';
import type { CenterInput } from '@/contract/store';
import type { StoreList } from '@/contract/store-answers';
import { getDb } from '../../db/client';
import { apps, appVersions } from '../../db/schema';
import { presentStoreItem } from './present';

/** A device filter keeps the items that work there: "all devices" items match both. */
const DEVICE_MATCH: Record<number, number[]> = { 1: [0, 1], 2: [0, 2] };

const ORDER = {
  downloads: [desc(apps.downloadNum), desc(appVersions.releasedAt), desc(apps.id)],
  newest: [desc(appVersions.releasedAt), desc(apps.id)],
  name: [asc(appVersions.name), desc(apps.id)],
};

/** /api/market/center and the store's list pages: released items only, searched, filtered, sorted. */
export async function listReleased(
  input: Omit<CenterInput, 'type'> & { type: Kind },
  locale: Locale,
): Promise<StoreList> {
  const db = await getDb();
  const words = input.name.replace(/[\\%_]/g, '\\$&');
  const device = input.device ? DEVICE_MATCH[input.device] : undefined;
  const filters: (SQL | undefined)[] = [
    eq(apps.kind, input.type),
    isNotNull(apps.releasedVersionId),
    words ? or(ilike(appVersions.name, `%${words}%`), ilike(appVersions.describe, `%${words}%`)) : undefined,
    device ? inArray(appVersions.device, device) : undefined,
    input.toll !== undefined ? eq(appVersions.toll, input.toll) : undefined,
  ];
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({ app: apps, v: appVersions })
      .from(apps)
      .innerJoin(appVersions, eq(appVersions.id, apps.releasedVersionId))
      .where(where)
      .orderBy(...ORDER[input.sortBy])
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db
      .select({ n: count() })
      .from(apps)
      .innerJoin(appVersions, eq(appVersions.id, apps.releasedVersionId))
      .where(where),
  ]);
  return { list: rows.map((r) => presentStoreItem(r, locale)), search_count: total?.n ?? 0 };
}
