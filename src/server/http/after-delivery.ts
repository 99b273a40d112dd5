import 'server-only';
import { logFor } from '../log';

const log = logFor('api');

/**
 * The same success answer, whose body runs `action` once the server has taken all of it to send,
 * and never otherwise: not for a client that left before, not for a failure (503 and the others
 * never get here). What the action records (a download's count) is then only what a client was
 * told succeeded, at most once: an answer lost on the wire after it was handed over still counts,
 * and an action that fails (the database went away meanwhile) is logged, not retried.
 *
 * The body ends only after the action, so a reader of the whole body sees its effect; the length
 * is said up front, so a client holds the complete answer without waiting for that end.
 */
export async function afterDelivery(response: Response, action: () => Promise<unknown>): Promise<Response> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  let handedOver = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!handedOver) {
          handedOver = true;
          controller.enqueue(bytes);
          return;
        }
        // Asked for more after taking every byte: the answer is the server's to send.
        try {
          await action();
        } catch (error) {
          log.warn({ err: error }, 'not recorded after its answer');
        }
        controller.close();
      },
    },
    // Nothing is read ahead: each read is the consumer's.
    { highWaterMark: 0 },
  );
  const headers = new Headers(response.headers);
  headers.set('content-length', String(bytes.byteLength));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A streamed body (a release package read from storage) whose `action` runs once its last byte
 * was taken to send, before the stream ends, and never for a reader that cancelled it first: the
 * same guarantee as `afterDelivery` without holding the file in memory.
 */
export function afterLastByte(
  stream: ReadableStream<Uint8Array>,
  action: () => Promise<unknown>,
): ReadableStream<Uint8Array> {
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async flush() {
        try {
          await action();
        } catch (error) {
          log.warn({ err: error }, 'not recorded after its answer');
        }
      },
    }),
  );
}
