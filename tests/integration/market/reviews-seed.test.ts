import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { GET as reviews } from '@/app/api/market/reviews/route';
import type { ReviewPage } from '@/contract/item-reviews';
import { getDb } from '@/server/db/client';
import { apps, appVersions, itemReviews } from '@/server/db/schema';
import { seedDemo } from '@/server/seed/demo';
import { callApi } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

describe('demo reviews', () => {
  it('shows reviews with a developer answer on released demo items, seeded once', async () => {
    await seedDemo();
    await seedDemo();
    const db = await getDb();
    const [danmaku] = await db
      .select({ id: apps.id })
      .from(apps)
      .innerJoin(appVersions, sql`${appVersions.id} = ${apps.releasedVersionId}`)
      .where(sql`lower(${appVersions.folder}) = 'danmaku'`);
    const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(itemReviews);
    expect(total?.n).toBe(4);

    const page = await callApi<ReviewPage>(reviews, {
      method: 'GET',
      path: `/api/market/reviews?id=${danmaku!.id}`,
    });
    expect(page.info).toMatchObject({ count: 2, rating: 4.5, rating_count: 2 });
    expect(page.info.list.filter((r) => r.reply !== '')).toHaveLength(1);
    // Seeding the whole demo twice takes most of the default minute on a busy machine.
  }, 180_000);
});
