import 'server-only';
import type { RequestContext } from '../http/context';

/**
 * Rate limits per client address: the device id is chosen by the caller, so it cannot be the key
 * alone (a script would send a new one each time).
 */
export const clientKey = (ctx: RequestContext) => `ip:${ctx.ip}`;
