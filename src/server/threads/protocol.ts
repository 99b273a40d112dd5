import 'server-only';
/** Messages between an `OffLoop` (off-loop.ts) and its thread (serve.ts). */
export type ToThread<J, A> =
  | { type: 'job'; id: number; job: J }
  | { type: 'answer'; ask: number; value?: A; error?: string };

export type FromThread<R, Q> =
  | { type: 'done'; id: number; result: R }
  | { type: 'failed'; id: number; error: string }
  | { type: 'ask'; ask: number; question: Q };
