import type { z } from 'zod';
import type { Locale } from '../locales';

/**
 * Who may call an operation. `anonymous` calls may still read a session when one comes along
 * (`session: 'optional'`); `cms` calls come from the CMS admin or its collector, which send form
 * fields, read only HTTP 200 answers and show `msg` when `code` is 0.
 */
export type Caller = 'anonymous' | 'user' | 'admin' | 'cms';

export type Method = 'GET' | 'POST';

/**
 * A limit on calls, counted in a fixed window shared by every app node. The counter is kept per the
 * caller's address, per account, per session (the session token the call came with), or per input
 * fields (`input.email`), in the order given.
 * `counts: 'failures'` counts only calls that fail with a business error (wrong licence codes); such a
 * limit refuses once reached and lets successes through unnoticed.
 */
export type RateLimit = {
  name: string;
  limit: number;
  windowSeconds: number;
  per: readonly ('ip' | 'user' | 'session' | `input.${string}`)[];
  counts?: 'calls' | 'failures';
  /** With `counts: 'failures'`: the failures (message keys) that count; every business failure if unset. */
  failures?: readonly string[];
  /** The refusal's message key (params `seconds`, `minutes`); `api.rateLimited` when not set. */
  message?: string;
};

/** What the answer is when it is not the `{code, msg, info}` envelope. */
export type RawAnswer = {
  /** The content types the operation answers with (a file, XML, a redirect). */
  contentTypes: readonly string[];
  description: string;
};

export type Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = {
  /** Stable name, used as the OpenAPI operationId. */
  id: string;
  /** The URL path; `{name}` marks a path parameter (`/yapi/{product}/isfake`). */
  path: string;
  methods: readonly Method[];
  caller: Caller;
  /** Whether an anonymous or CMS call also looks up the session when a token or cookie comes along. */
  session?: 'optional';
  /**
   * For a path with `{product}`: the configured product's name plus this suffix (`/dapi/{PRODUCT}pro/…`);
   * any other product answers 404 before the caller or the input is looked at.
   */
  product?: '' | 'pro';
  /** Groups operations in the reference (`user`, `market`, …). */
  area: string;
  summary: Record<Locale, string>;
  input: I;
  /** The shape of `info` on success (for envelope answers) or of the whole JSON body (raw JSON). */
  output: O;
  /** Set for answers other than the envelope; `output` then describes the JSON form if there is one. */
  raw?: RawAnswer;
  /** Fields a client reads from `info` even when `code` is 0 (a business failure adds them). */
  failureInfo?: Record<string, unknown>;
  rateLimits?: readonly RateLimit[];
  /**
   * The largest body the operation reads. Anonymous and CMS calls, which anyone may send without an
   * account, default to `SMALL_BODY_BYTES`; the others (behind a session) to `MAX_CONTENT_LENGTH`.
   */
  maxBodyBytes?: number;
};

/**
 * Declares one operation; the type keeps the schemas' types and the caller (so a `user` operation's
 * run function gets a user) for the server and the typed client.
 */
export const operation = <I extends z.ZodType, O extends z.ZodType, C extends Caller>(
  op: Operation<I, O> & { caller: C },
) => op;

export type InputOf<Op> = Op extends Operation<infer I, z.ZodType> ? z.input<I> : never;
export type OutputOf<Op> = Op extends Operation<z.ZodType, infer O> ? z.output<O> : never;
