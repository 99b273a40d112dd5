import 'server-only';
import type { z } from 'zod';
import type { Caller, Operation } from '@/contract/api/operation';
import { MAX_CONTENT_LENGTH, SMALL_BODY_BYTES } from '@/contract/limits';
import type { Locale } from '@/contract/locales';
import { env } from '../config/env';
import { AppError } from '../errors';
import type { UserRow } from '../identity/user';
import { logFor } from '../log';
import { afterDelivery } from './after-delivery';
import { readPayload } from './body';
import { type RequestContext, readContext } from './context';
import { type LimitState, limitHeaders, underLimits } from './declared-limits';
import { fail, ok } from './envelope';
import { authorize, parseInput, Reply, refuseCrossSite } from './handler';
import { type Method, otherMethods, type Route } from './methods';

const log = logFor('api');

export type ServeArgs<I extends z.ZodType, C extends Caller> = {
  input: z.output<I>;
  ctx: RequestContext;
  user: C extends 'user' | 'admin' ? UserRow : UserRow | undefined;
  request: Request;
  /** Path parameters (`{product}`), as Next passes them. */
  params: Record<string, string | string[]>;
};

export type Run<Op> =
  Op extends Operation<infer I, infer O>
    ? (args: ServeArgs<I, Op['caller']>) => Promise<z.input<O> | Reply<z.input<O>>>
    : never;

type RouteContext = { params?: Promise<Record<string, string | string[]>> };

/**
 * An operation's route: every method the registry declares runs `run` in the `{code, msg, info}`
 * envelope, after refusing cross-site posts, resolving the caller, validating the input and applying
 * the declared rate limits; the other methods answer 405. A route file is one line:
 * `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userLogin, login);`
 */
export function serve<I extends z.ZodType, O extends z.ZodType, Op extends Operation<I, O>>(
  op: Op & Operation<I, O>,
  run: Run<Op>,
): Record<Method | 'OPTIONS', Route> {
  const route = async (request: Request, context?: RouteContext): Promise<Response> => {
    let locale: Locale = 'zh-cn';
    const limits: { state?: LimitState } = {};
    try {
      const ctx = readContext(request);
      locale = ctx.locale;
      const params = (await context?.params) ?? {};
      if (op.product !== undefined && params.product !== `${env().PRODUCT}${op.product}`)
        throw new AppError('not_found', 'api.notFound');
      refuseCrossSite(request);
      const user = await authorize(ctx, authOf(op));
      const input = parseInput(op.input, await readPayload(request, bodyLimit(op)), locale);
      const args = { input, ctx, user, request, params } as Parameters<Run<Op>>[0];
      const answer = op.caller === 'cms' ? 'business' : 'http';
      const result = await underLimits(
        op.rateLimits,
        { input, ctx, user },
        answer,
        () => (run as (a: typeof args) => Promise<unknown>)(args),
        limits,
      );
      const reply = result instanceof Reply ? result : new Reply(result);
      checkOutput(op, reply.info);
      const response = ok(locale, reply.info, reply.msg, {
        headers: [...headerList(reply.headers), ...Object.entries(limitHeaders(limits.state))],
      });
      return reply.afterReply ? await afterDelivery(response, reply.afterReply) : response;
    } catch (error) {
      // A failure within the limits still says how many tries remain (a wrong code, a bad password).
      return withHeaders(fail(locale, withFailureInfo(op, error)), limitHeaders(limits.state));
    }
  };
  const served = Object.fromEntries(op.methods.map((m) => [m, route]));
  return { ...otherMethods(...op.methods), ...served } as Record<Method | 'OPTIONS', Route>;
}

function withFailureInfo(op: Operation, error: unknown): unknown {
  if (!op.failureInfo || !(error instanceof AppError) || error.code !== 'invalid') return error;
  const info = { ...op.failureInfo, ...(error.info as object | null) };
  return new AppError('invalid', error.messageKey, error.params, info);
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

function authOf(op: Operation): 'none' | 'optional' | 'user' | 'admin' {
  if (op.caller === 'user' || op.caller === 'admin') return op.caller;
  return op.session === 'optional' ? 'optional' : 'none';
}

/**
 * Outside production (and in production with CHECK_OUTPUTS), an answer that does not match the
 * operation's output schema is a server error: a field a client reads cannot silently disappear.
 */
export function checkOutput(op: Operation, info: unknown) {
  if (env().NODE_ENV === 'production' && !env().CHECK_OUTPUTS) return;
  const parsed = op.output.safeParse(info);
  if (parsed.success) return;
  log.error(
    { operation: op.id, issues: parsed.error.issues.slice(0, 5) },
    'answer does not match its schema',
  );
  throw new Error(`${op.id}: answer does not match its output schema`);
}

function headerList(headers: Record<string, string | string[]>): [string, string][] {
  return Object.entries(headers).flatMap(([name, value]) =>
    [value].flat().map((v): [string, string] => [name, v]),
  );
}

/** The largest body an operation reads (`Operation.maxBodyBytes`). */
const bodyLimit = (op: Operation) =>
  op.maxBodyBytes ??
  (op.caller === 'anonymous' || op.caller === 'cms' ? SMALL_BODY_BYTES : MAX_CONTENT_LENGTH);
