import 'server-only';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Locale } from '@/contract/locales';
import type { Kind } from '@/contract/market';
import type { CenterInput } from '@/contract/store';
import type { StoreList } from '@/contract/store-answers';
import { getDb } from '../../db/client';
import { apps, appVersions } from '../../db/schema';
import { queryTerms } from '../../search/tokens';
import { presentStoreItem } from './present';
import { fillSearchTokens, relevanceSql } from './search';

/** A device filter keeps the items that work there: "all devices" items match both. */
const DEVICE_MATCH: Record<number, number[]> = { 1: [0, 1], 2: [0, 2] };

const ORDER = {
  downloads: [desc(apps.downloadNum), desc(appVersions.releasedAt), desc(apps.id)],
  newest: [desc(appVersions.releasedAt), desc(apps.id)],
  name: [asc(appVersions.name), desc(apps.id)],
  // Rated items first, best first; among equals the one more people rated.
  rating: [desc(apps.rating), desc(apps.ratingCount), desc(apps.downloadNum), desc(apps.id)],
};

/**
 * /api/market/center and the store's list pages: released items only, searched, filtered, sorted.
 * A search (by words, Chinese ones segmented) ranks by relevance first, then by the chosen order.
 */
export async function listReleased(
  input: Omit<CenterInput, 'type'> & { type: Kind },
  locale: Locale,
): Promise<StoreList> {
  const db = await getDb();
  const query = queryTerms(input.name);
  if (query.length) await fillSearchTokens();
  const score = query.length ? relevanceSql(query, input.name) : undefined;
  const device = input.device ? DEVICE_MATCH[input.device] : undefined;
  const filters: (SQL | undefined)[] = [
    eq(apps.kind, input.type),
    isNotNull(apps.releasedVersionId),
    // A search of punctuation only has no words to find.
    score ? gt(score, 0) : input.name.trim() ? sql`false` : undefined,
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
      .orderBy(...(score ? [desc(score)] : []), ...ORDER[input.sortBy])
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
