import 'server-only';
import { z } from 'zod';
import { AppError } from '../errors';

/**
 * handler() passes on only `valid.*` / `api.*` message keys; ours live under `resource.*`, so the
 * resource routes validate here with the same schema and the same answer shape (field, errors).
 */
export function validate<S extends z.ZodType>(schema: S, payload: unknown): z.output<S> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || 'body';
    errors[field] ??= issue.message.startsWith('resource.') ? issue.message : 'valid.invalid';
  }
  const [field, key] = Object.entries(errors)[0] ?? ['body', 'valid.invalid'];
  throw new AppError('invalid', key, { field }, { field, errors });
}

/** The handler's own schema for those routes: any object payload, checked by `validate`. */
export const anyPayload = z.record(z.string(), z.unknown());
