import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Locale } from '@/contract/locales';
import { STATION_STATUS, type stationSchema } from '@/contract/resource';
import { assertReviewRoom } from '../accounts/review-cap';
import { requireVerified } from '../accounts/verified';
import { getDb } from '../db/client';
import { resourceStations, resourceTypes } from '../db/schema';
import { invalid } from '../errors';
import type { FetchOptions } from '../net/safe-fetch';
import { presentStation } from './present-station';
import { probeStation } from './probe-station';

/**
 * `vod_add`: a developer submits a station for review. The address is probed first: a station
 * that does not answer in the collection format is refused with the reason.
 */
export async function addStation({
  userId,
  input,
  locale,
  now = new Date(),
  fetchOptions,
}: {
  userId: number;
  input: z.output<typeof stationSchema>;
  locale: Locale;
  now?: Date;
  fetchOptions?: FetchOptions;
}) {
  await requireVerified(userId);
  const db = await getDb();
  await assertReviewRoom(db, userId, 'stations', { lock: false });
  const [type] = await db.select().from(resourceTypes).where(eq(resourceTypes.id, input.type_id));
  if (!type) throw invalid('resource.api.typeUnknown');
  const [taken] = await db
    .select({ id: resourceStations.id })
    .from(resourceStations)
    .where(
      and(eq(resourceStations.apiUrl, input.api_url), ne(resourceStations.status, STATION_STATUS.rejected)),
    );
  if (taken) throw invalid('resource.api.duplicate');
  const probe = await probeStation({ apiUrl: input.api_url, locale, fetchOptions });
  if (!probe.ok) throw invalid('resource.api.probeFailed', { reason: probe.error });
  const row = await db.transaction(async (tx) => {
    await assertReviewRoom(tx, userId, 'stations');
    const [added] = await tx
      .insert(resourceStations)
      .values({
        userId,
        typeId: type.id,
        name: input.name,
        playerCode: input.player_code,
        apiUrl: input.api_url,
        siteUrl: input.site_url,
        supportHttps: input.support.includes('https'),
        supportM3u8: input.support.includes('m3u8'),
        supportPlayer: input.support.includes('player'),
        toll: Number(input.toll),
        description: input.describe,
        probeAt: now,
        probeOk: true,
        probeFormat: probe.format,
        probeTotal: probe.total,
        probeClasses: probe.classes,
        probeMs: probe.ms,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return added!;
  });
  return presentStation({ station: row, type, locale });
}
