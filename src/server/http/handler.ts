import 'server-only';
/**
 * The steps every operation's route runs before its service (src/server/http/serve.ts): refuse
 * cross-site calls, resolve the caller, validate the input; and the 404 answer of unknown paths.
 */
import type { z } from 'zod';
import type { Locale } from '@/contract/locales';
import { AppError } from '../errors';
import { isAdmin, type UserRow } from '../identity/user';
import { callerOf, type RequestContext, readContext } from './context';
import { fail } from './envelope';
import { isCrossSite } from './same-origin';
import { translate } from './translate';

type Auth = 'none' | 'optional' | 'user' | 'admin';

/**
 * Lets a handler choose the success message or add headers (cookies: a list) to the envelope, and
 * name what to record only once the answer was handed over (`afterReply`, see after-delivery.ts).
 */
export class Reply<T> {
  constructor(
    readonly info: T,
    readonly msg = 'api.ok',
    readonly headers: Record<string, string | string[]> = {},
    readonly afterReply?: () => Promise<unknown>,
  ) {}
}

/** Refuses a call another site's page sent (a form post or a script's request). */
export function refuseCrossSite(request: Request) {
  if (isCrossSite(request)) throw new AppError('forbidden', 'api.crossSite');
}

/** Resolves the caller the operation needs; refuses anonymous calls to private and admin ones. */
export async function authorize(ctx: RequestContext, auth: Auth): Promise<UserRow | undefined> {
  const user = auth === 'none' ? undefined : await callerOf(ctx);
  if ((auth === 'user' || auth === 'admin') && !user) throw new AppError('unauthorized', 'api.loginRequired');
  if (auth === 'admin' && user && !isAdmin(user)) throw new AppError('forbidden', 'api.forbidden');
  return user;
}

export function parseInput<S extends z.ZodType>(schema: S, payload: unknown, locale: Locale): z.output<S> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || 'body';
    errors[field] ??= translate(locale, messageKey(issue), { field, ...issueParams(issue) });
  }
  const [field, msg] = Object.entries(errors)[0] ?? ['body', translate(locale, 'valid.invalid')];
  throw new AppError('invalid', msg, {}, { field, errors });
}

/** Our schemas carry translation keys; zod's own messages (wrong type, unknown enum) get a generic one. */
function messageKey(issue: z.core.$ZodIssue): string {
  // Keys are `valid.x`, `api.x` or an area's own `<area>.valid.x` / `<area>.api.x`.
  if (/^(\w+\.)?(valid|api)\./.test(issue.message)) return issue.message;
  if (issue.code === 'too_big') return 'valid.tooLong';
  return 'valid.invalid';
}

/** Bounds a schema states for its message (`intRange`'s min and max). */
function issueParams(issue: z.core.$ZodIssue): Record<string, string | number> {
  return issue.code === 'custom' && issue.params ? (issue.params as Record<string, string | number>) : {};
}

/** Unknown `/api/...` paths answer a 404 envelope in the caller's language. */
export function notFoundRoute(request: Request): Response {
  return fail(readContext(request).locale, new AppError('not_found', 'api.notFound'));
}

/** Every method of a catch-all route under an API root: the 404 envelope. */
export const unknownPaths = () =>
  Object.fromEntries(
    ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map((m) => [m, notFoundRoute]),
  ) as Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS', typeof notFoundRoute>;
