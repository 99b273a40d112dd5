import { z } from 'zod';
import { intRange } from './int-range';
import { recordId } from './record-id';
import { hasMarkup } from './text';

/**
 * Licence management of paid items in the developer centre: codes are generated only on request,
 * with optional limits (how many sites, until which day), listed with the sites that redeemed them,
 * and revoked. Messages are translation keys (`market.valid.*`, `valid.range`).
 */

/** The most sites one code may be limited to (a limit above it is no limit worth setting). */
export const MAX_SITES_LIMIT = 10_000;
/** The "how to buy" note of a paid item: plain text, shown on its public page. */
export const HOW_TO_BUY_MAX = 500;
/** Codes listed per page in the developer centre. */
export const LICENCE_PAGE_SIZE = 20;
/** Site addresses listed per code (the most recent ones; `site_count` says how many there are). */
export const SITES_SHOWN = 50;

/** active: redeemable; full: the sites that redeemed it still may, no new one; the rest fail. */
export const LICENCE_STATUSES = ['active', 'revoked', 'expired', 'full'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

const id = recordId('market.valid.id');
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * A code works through the last day named, in China time (the day the portal counts in):
 * `2030-01-31` stops at 2030-02-01 00:00 +08:00.
 */
export function expiryMoment(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00+08:00`) + 86_400_000);
}

/** get_auth_code: one new code, generated only when the developer asks, with optional limits. */
export const generateCodeSchema = z.object({
  id,
  max_sites: z.preprocess(
    (v) => {
      const value = emptyToUndefined(v);
      return typeof value === 'string' ? Number(value) : value;
    },
    z
      .custom<number>((v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MAX_SITES_LIMIT, {
        message: 'valid.range',
        params: { min: 1, max: MAX_SITES_LIMIT },
      })
      .optional(),
  ),
  /** The last day the code works (`YYYY-MM-DD`, China time); none: no end. */
  expires: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'market.valid.expiresFormat')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'market.valid.expiresFormat')
      .optional(),
  ),
});
export type GenerateCodeInput = z.infer<typeof generateCodeSchema>;

/** auth_codes: one page of an item's codes, newest first. */
export const licenceListSchema = z.object({ id, page: intRange(1, 10_000, 1) });

/** revoke_auth_code: the item and one of its codes. */
export const revokeCodeSchema = z.object({ id, code_id: recordId('market.valid.codeId') });

/** how_to_buy: the note a paid item's page shows buyers (empty removes it). */
export const howToBuySchema = z.object({
  id,
  how_to_buy: z
    .string()
    .trim()
    .max(HOW_TO_BUY_MAX, 'market.valid.howToBuyTooLong')
    .refine((v) => !hasMarkup(v), 'market.valid.howToBuyMarkup')
    .optional()
    .default(''),
});

const time = z.number();

/** One issued code as its developer sees it. */
export const licenceCodeSchema = z.object({
  id: z.number(),
  code: z.string(),
  create_time: time,
  last_used: time,
  /** Successful checks by the CMS, every site together. */
  uses: z.number(),
  /** 0: any number of sites. */
  max_sites: z.number(),
  /** The last day it works (`YYYY-MM-DD`, China time); '' for no end. */
  expires: z.string(),
  revoke_time: time,
  status: z.enum(LICENCE_STATUSES),
  site_count: z.number(),
  /** The site addresses that redeemed it, the most recent first. */
  sites: z.array(z.object({ host: z.string(), uses: z.number(), first_time: time, last_time: time })),
});
export type LicenceCode = z.infer<typeof licenceCodeSchema>;

export const licenceListOutputSchema = z.object({
  name: z.string(),
  toll: z.number(),
  how_to_buy: z.string(),
  total: z.number(),
  page: z.number(),
  list: z.array(licenceCodeSchema),
});
export type LicenceList = z.infer<typeof licenceListOutputSchema>;

export const howToBuyOutputSchema = z.object({ id: z.number(), how_to_buy: z.string() });

/** How a code is shown in lists: its first and last group, the middle hidden (copy gives it whole). */
export const maskCode = (code: string) =>
  code.length > 9 ? `${code.slice(0, 4)}${code.slice(4, -4).replace(/[^-]/g, '•')}${code.slice(-4)}` : code;
