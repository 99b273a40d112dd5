/**
 * The thread side of an `OffLoop` (off-loop.ts): runs the handler for each job, overlapping, and
 * lets it ask the main thread questions it cannot answer itself.
 */
import 'server-only';
import { parentPort, type TransferListItem } from 'node:worker_threads';
import type { FromThread, ToThread } from './protocol';

export type Handled<R> = { result: R; transfer?: TransferListItem[] };
export type Ask<Q, A> = (question: Q) => Promise<A>;

export function serveJobs<J, R, Q = never, A = never>(
  handle: (job: J, ask: Ask<Q, A>) => Promise<Handled<R>>,
) {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs only in a worker thread');
  const asked = new Map<number, { resolve: (value: A) => void; reject: (error: Error) => void }>();
  let lastAsk = 0;
  const send = (message: FromThread<R, Q>, transfer: TransferListItem[] = []) =>
    port.postMessage(message, transfer);
  const ask: Ask<Q, A> = (question) =>
    new Promise<A>((resolve, reject) => {
      const id = ++lastAsk;
      asked.set(id, { resolve, reject });
      send({ type: 'ask', ask: id, question });
    });
  port.on('message', (message: ToThread<J, A>) => {
    if (message.type === 'answer') {
      const waiting = asked.get(message.ask);
      asked.delete(message.ask);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.value as A);
      return;
    }
    const { id, job } = message;
    handle(job, ask).then(
      ({ result, transfer }) => send({ type: 'done', id, result }, transfer),
      (error: unknown) =>
        send({
          type: 'failed',
          id,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        }),
    );
  });
}
