import { z } from 'zod';

/** The largest id a record can have (a PostgreSQL `integer`): a larger number names nothing. */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record id from a form or a query: a whole number from 1 to MAX_RECORD_ID, else `message`. */
export const recordId = (message?: string) =>
  z.coerce
    .number(message ? { error: message } : undefined)
    .int(message)
    .positive(message)
    .max(MAX_RECORD_ID, message);

/** Whether digits name a record id (`/market/plug/12`, a post by its number). */
export const isRecordId = (raw: string): boolean =>
  /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= MAX_RECORD_ID;
