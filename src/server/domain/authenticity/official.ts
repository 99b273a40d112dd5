import 'server-only';
import { env } from '../../config/env';

/** The official registrable domains, from configuration. */
export const officialDomains = (): string[] => env().OFFICIAL_DOMAINS;
