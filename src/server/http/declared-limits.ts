import 'server-only';
import type { RateLimit } from '@/contract/api/operation';
import type { UserRow } from '../accounts/present';
import { env } from '../config/env';
import { AppError } from '../errors';
import type { RequestContext } from './context';
import { countHit, rateLimitHits, windowEnd } from './rate-limit';

type Call = { input: unknown; ctx: RequestContext; user: UserRow | undefined };

/** The counter a declared limit keeps for this call: its name and the parts it is kept per. */
function keyOf(rule: RateLimit, call: Call): string {
  const parts = rule.per.map((part) => {
    if (part === 'ip') return `ip:${call.ctx.ip}`;
    if (part === 'user') return `user:${call.user?.id ?? '-'}`;
    const field = part.slice('input.'.length);
    const value = (call.input as Record<string, unknown> | null)?.[field];
    return `${field}:${String(value ?? '').toLowerCase()}`;
  });
  return [rule.name, ...parts].join(':');
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
 * business error. A refusal is HTTP 429, or for the CMS (which reads only HTTP 200) `code: 0`; both
 * carry `retry-after`.
 */
export async function underLimits<T>(
  rules: readonly RateLimit[] | undefined,
  call: Call,
  answer: 'http' | 'business',
  run: () => Promise<T>,
  /** Filled with the tightest limit's state, for the answer's headers, success or failure. */
  seen: { state?: LimitState } = {},
): Promise<T> {
  if (!rules?.length || !env().RATE_LIMITS) return run();
  const now = call.ctx.now;
  for (const rule of rules) {
    const key = keyOf(rule, call);
    const counted = rule.counts === 'failures';
    const hits = counted ? await rateLimitHits(key, rule, now) : await countHit(key, rule, now);
    const resetSeconds = Math.ceil((windowEnd(rule, now).getTime() - now.getTime()) / 1000);
    if (counted ? hits >= rule.limit : hits > rule.limit)
      throw new AppError(answer === 'http' ? 'rate_limited' : 'invalid', rule.message ?? 'api.rateLimited', {
        seconds: resetSeconds,
        minutes: Math.ceil(resetSeconds / 60),
        retryAfter: resetSeconds,
      });
    const remaining = rule.limit - hits;
    if (!seen.state || remaining < seen.state.remaining) seen.state = { rule, remaining, resetSeconds };
  }
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid')
      for (const rule of rules)
        if (rule.counts === 'failures' && (!rule.failures || rule.failures.includes(error.messageKey))) {
          await countHit(keyOf(rule, call), rule, now);
          if (seen.state?.rule === rule) seen.state = { ...seen.state, remaining: seen.state.remaining - 1 };
        }
    throw error;
  }
}
