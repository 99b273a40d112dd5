import { describe, expect, it } from 'vitest';
import { exclusively } from '@/server/db/exclusive';

describe('start-up work under a lock', () => {
  it('never overlaps between callers', async () => {
    let inside = 0;
    let maxInside = 0;
    const work = async () => {
      inside += 1;
      maxInside = Math.max(maxInside, inside);
      await new Promise((r) => setTimeout(r, 30));
      inside -= 1;
      return 'done';
    };
    // On PostgreSQL two callers contend for the advisory lock; on PGlite the single process serialises them.
    const results = await Promise.all([exclusively(42, work), exclusively(42, work)].map((p) => p));
    expect(results).toEqual(['done', 'done']);
    if (process.env.DATABASE_URL) expect(maxInside).toBe(1);
  });
});
