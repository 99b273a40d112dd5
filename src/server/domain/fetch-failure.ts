import 'server-only';
import type { AppError } from '../errors';
import { invalid } from '../errors';
import type { FetchFailure } from '../net/policy';

/** Refusals that mean the address itself is not acceptable (rather than the site being down). */
const ADDRESS_REASONS = new Set<string>(['invalid_url', 'scheme', 'port', 'credentials', 'private_address']);
const SITE_REASONS = new Set<string>(['dns', 'timeout', 'network', 'too_many_redirects', 'too_large']);

/**
 * The visitor's message for a site that could not be fetched: the page's "The input address is
 * incorrect" when the address is refused, otherwise what went wrong in words.
 */
export function fetchFailure(reason: FetchFailure | string): AppError {
  if (ADDRESS_REASONS.has(reason)) return invalid('domain.badAddress');
  return invalid(`domain.unreachable.${SITE_REASONS.has(reason) ? reason : 'network'}`);
}

export const isAddressRefusal = (reason: string) => ADDRESS_REASONS.has(reason);
