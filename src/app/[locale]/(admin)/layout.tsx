/**
 * The audit pages get every message like the application areas, but no loading boundary: they must
 * decide before anything is sent, so that forbidden() can still answer HTTP 403.
 */
export { default } from '../(site)/layout';
