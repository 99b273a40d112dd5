import 'server-only';
import type { RateLimit } from '@/contract/api/operation';
import { env } from '../config/env';
import { AppError } from '../errors';
import { hashSessionToken } from '../identity/sessions';
import type { UserRow } from '../identity/user';
import type { RequestContext } from './context';
import { countHit, rateLimitHits, windowEnd } from './rate-limit';

type Call = { input: unknown; ctx: RequestContext; user: UserRow | undefined };

/** Who is calling, as far as a limit's counter is kept per it; `session` is the session token. */
export type Caller = { ip?: string; userId?: number; session?: string; input?: unknown };

/** The counter a declared limit keeps for this caller: its name and the parts it is kept per. */
function keyOf(rule: RateLimit, { ip, userId, session, input }: Caller): string {
  const parts = rule.per.map((part) => {
    if (part === 'ip') return `ip:${ip ?? '-'}`;
    if (part === 'user') return `user:${userId ?? '-'}`;
    // The token's hash: the counter's key is stored, the token itself never is.
    if (part === 'session') return `session:${session ? hashSessionToken(session) : '-'}`;
    const field = part.slice('input.'.length);
    const value = (input as Record<string, unknown> | null)?.[field];
    return `${field}:${String(value ?? '').toLowerCase()}`;
  });
  return [rule.name, ...parts].join(':');
}

const callerOf = (call: Call): Caller => ({
  ip: call.ctx.ip,
  userId: call.user?.id,
  session: call.ctx.token || undefined,
  input: call.input,
});

/**
 * Counts one more use of a per-account limit from inside an operation, refusing past it with 429 as
 * the declared limits do: a file sent inline with a submission counts as an upload.
 */
export async function hitAccountLimit(rule: RateLimit, userId: number, now = new Date()): Promise<void> {
  if (rule.per.some((part) => part !== 'user')) throw new Error(`${rule.name} is not kept per account only`);
  if ((await countHit(keyOf(rule, { userId }), rule, now)) > rule.limit) throw refusal(rule, now, 'http');
}

/** HTTP 429, or for the CMS (which reads only HTTP 200) `code: 0`; both carry `retry-after`. */
function refusal(rule: RateLimit, now: Date, answer: 'http' | 'business') {
  const resetSeconds = Math.ceil((windowEnd(rule, now).getTime() - now.getTime()) / 1000);
  return new AppError(answer === 'http' ? 'rate_limited' : 'invalid', rule.message ?? 'api.rateLimited', {
    seconds: resetSeconds,
    minutes: Math.ceil(resetSeconds / 60),
    retryAfter: resetSeconds,
  });
}

/** What the answer says about the tightest limit: the IETF `RateLimit-*` fields. */
export type LimitState = { rule: RateLimit; remaining: number; resetSeconds: number };

export function limitHeaders(state: LimitState | undefined): Record<string, string> {
  if (!state) return {};
  return {
    'ratelimit-policy': `${state.rule.limit};w=${state.rule.windowSeconds}`,
    'ratelimit-limit': String(state.rule.limit),
    'ratelimit-remaining': String(Math.max(0, state.remaining)),
    'ratelimit-reset': String(state.resetSeconds),
  };
}

/**
 * Runs `run` under an operation's declared limits. Calls-limits count this call first and refuse
 * past the limit; failures-limits refuse once reached and count the call when it fails with a
 * business error.
 */
export function underLimits<T>(
  rules: readonly RateLimit[] | undefined,
  call: Call,
  answer: 'http' | 'business',
  run: () => Promise<T>,
  /** Filled with the tightest limit's state, for the answer's headers, success or failure. */
  seen: { state?: LimitState } = {},
): Promise<T> {
  return underLimitsOf(rules, callerOf(call), call.ctx.now, answer, run, seen);
}

/**
 * underLimits for a caller described directly: a service that checks the same thing as another
 * operation (the current password, asked when moving the login email too) counts on its counter.
 */
export async function underLimitsOf<T>(
  rules: readonly RateLimit[] | undefined,
  caller: Caller,
  now: Date,
  answer: 'http' | 'business',
  run: () => Promise<T>,
  seen: { state?: LimitState } = {},
): Promise<T> {
  if (!rules?.length || !env().RATE_LIMITS) return run();
  for (const rule of rules) {
    const key = keyOf(rule, caller);
    const counted = rule.counts === 'failures';
    const hits = counted ? await rateLimitHits(key, rule, now) : await countHit(key, rule, now);
    const resetSeconds = Math.ceil((windowEnd(rule, now).getTime() - now.getTime()) / 1000);
    if (counted ? hits >= rule.limit : hits > rule.limit) throw refusal(rule, now, answer);
    const remaining = rule.limit - hits;
    if (!seen.state || remaining < seen.state.remaining) seen.state = { rule, remaining, resetSeconds };
  }
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid')
      for (const rule of rules)
        if (rule.counts === 'failures' && (!rule.failures || rule.failures.includes(error.messageKey))) {
          await countHit(keyOf(rule, caller), rule, now);
          if (seen.state?.rule === rule) seen.state = { ...seen.state, remaining: seen.state.remaining - 1 };
        }
    throw error;
  }
}
