import 'server-only';
import type { RequestContext } from '../http/context';
import type { SessionMeta } from '../identity/sessions';

/** What the sessions list shows about a new session: the browser and the caller's address. */
export const sessionMeta = (request: Request, ctx: RequestContext): SessionMeta => ({
  userAgent: request.headers.get('user-agent') ?? '',
  ip: ctx.ip,
});
