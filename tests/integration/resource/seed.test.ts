import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@/server/accounts/register';
import { findUserByEmail } from '@/server/accounts/users';
import { getDb } from '@/server/db/client';
import { resourceStations, resourceVideos } from '@/server/db/schema';
import { parseCollection } from '@/server/resource/format/parse';
import { DEMO_ACCOUNTS } from '@/server/seed/demo-accounts';
import { seedResource } from '@/server/seed/resource';
import { DEMO_STATION } from '@/server/seed/resource-fixture';
import { getProvide } from './helpers';

describe('resource demo content', () => {
  it('seeds an approved station and its videos once, offline, through the import path', async () => {
    const dev = DEMO_ACCOUNTS[1];
    if (!(await findUserByEmail(dev.email)))
      await createAccount({ email: dev.email, password: dev.password });
    await seedResource();
    await seedResource();
    const db = await getDb();
    const stations = await db
      .select()
      .from(resourceStations)
      .where(eq(resourceStations.apiUrl, DEMO_STATION.apiUrl));
    expect(stations).toHaveLength(1);
    expect(stations[0]).toMatchObject({ status: 1, lastError: '' });
    const videos = await db
      .select()
      .from(resourceVideos)
      .where(eq(resourceVideos.stationId, stations[0]!.id));
    expect(videos).toHaveLength(24);
    expect(new Set(videos.map((v) => v.typeId))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));

    const found = parseCollection(
      (await getProvide(`ac=detail&wd=${encodeURIComponent('星河漫游者')}`)).text,
    );
    expect(found.list[0]).toMatchObject({ vod_name: '星河漫游者', type_id: 1, vod_play_from: 'dplayer' });
    expect(found.list[0]!.vod_play_url).toMatch(/^第01集\$https:\/\//);
  });
});
