import 'server-only';
import { hasCause } from './unavailable';

/**
 * Whether the database refused a value the request carried (a number past its column's range, text
 * where a number goes): the request is at fault, not the server. The contract's schemas keep ids in
 * range (contract/record-id.ts); this is the net under whatever they miss.
 */
const CODES = new Set([
  '22003', // numeric_value_out_of_range
  '22P02', // invalid_text_representation
]);

export const isRejectedValue = (error: unknown): boolean =>
  hasCause(error, (e) => typeof e.code === 'string' && CODES.has(e.code));
