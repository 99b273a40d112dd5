import 'server-only';
import { z } from 'zod';
import { invalid } from '../errors';

/** Accepts any payload at the handler, so our own `content.valid.*` messages reach the caller. */
export const anyPayload = z.record(z.string(), z.unknown());

/**
 * handler() keeps only `valid.*`/`api.*` keys from zod and says "invalid" for the rest; the
 * content calls validate here instead, answering the operation's own translated message.
 */
export function parseWith<S extends z.ZodType>(schema: S, payload: unknown): z.output<S> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  throw invalid(parsed.error.issues[0]?.message ?? 'valid.invalid');
}
