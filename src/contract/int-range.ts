import { z } from 'zod';

/**
 * A whole number from `min` to `max` (a query's string too; absent or empty is `fallback`). Any
 * failure answers `valid.range` with the bounds, so the caller learns the allowed range.
 */
export const intRange = (min: number, max: number, fallback: number) =>
  z
    .preprocess(
      (v) => (v === '' ? fallback : typeof v === 'string' ? Number(v) : v),
      z.custom<number>((v) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max, {
        message: 'valid.range',
        params: { min, max },
      }),
    )
    .default(fallback); // also makes the field optional for the typed client
