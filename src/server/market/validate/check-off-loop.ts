import 'server-only';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Kind } from '@/contract/market';
import { logFor } from '../../ops/log';
import type { CheckedPackage } from './package';

const log = logFor('market');

export type CheckJob = { id: number; bytes: Uint8Array; fileName: string; kind: Kind };
export type CheckReply = { id: number; checked?: CheckedPackage; error?: string };

type Waiting = { resolve: (checked: CheckedPackage) => void; reject: (error: Error) => void };

/**
 * The longest the thread may go without answering while checks wait. The scan's own budget ends the
 * largest package in about two seconds of CPU; a thread silent for this long is stuck (a pathological
 * input no budget foresaw) and is ended, so that uploads fail instead of waiting forever.
 */
const STALLED_MS = 60_000;

/**
 * One thread per process runs every package check, one after another: a scan takes up to about two
 * seconds of CPU for the largest package the limits allow, which on the event loop would hold every
 * other request of this node for as long. A thread that dies fails the checks it held and is started
 * again for the next one.
 */
let worker: Worker | undefined;
const waiting = new Map<number, Waiting>();
let lastId = 0;
let stallTimer: NodeJS.Timeout | undefined;

/** (Re)arms the stall watch after every reply: it runs only while checks wait. */
function watch(target: Worker) {
  clearTimeout(stallTimer);
  if (waiting.size === 0) return;
  stallTimer = setTimeout(() => {
    log.error({ waiting: waiting.size }, 'package check thread stalled; ending it');
    void target.terminate();
  }, STALLED_MS);
  // The thread is referenced while checks wait; the watch alone must not keep a script alive.
  stallTimer.unref();
}

function thread(): Worker {
  if (worker) return worker;
  // In the Next server the bundler has built the thread's file (it turns this `new URL(…)` form into
  // a chunk). Elsewhere (tests, scripts, the benchmark) the source runs as is, so tsx compiles the
  // thread's TypeScript and the server modules load under react-server conditions.
  const started = process.env.NEXT_RUNTIME
    ? new Worker(new URL('./scan-worker.ts', import.meta.url))
    : new Worker(
        `require('tsx/cjs/api').register(); require(${JSON.stringify(fileURLToPath(import.meta.url).replace(/check-off-loop\.ts$/, 'scan-worker.ts'))});`,
        { eval: true, execArgv: ['--conditions=react-server'] },
      );
  started.unref();
  started.on('message', (reply: CheckReply) => {
    const job = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (waiting.size === 0) started.unref();
    watch(started);
    if (reply.checked) job?.resolve(reply.checked);
    else job?.reject(new Error(`package check failed: ${reply.error}`));
  });
  const lost = (error: Error) => {
    // Only the current thread's loss fails the waiting checks ('exit' follows 'error', and by then
    // a new thread may hold new checks).
    if (worker !== started) return;
    worker = undefined;
    clearTimeout(stallTimer);
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
  };
  started.on('error', (error) => {
    log.error({ err: error }, 'package check thread failed');
    lost(error);
  });
  started.on('exit', (code) => lost(new Error(`package check thread exited (${code})`)));
  worker = started;
  return started;
}

/** `checkPackage` on the check thread; the bytes are copied to it, the result comes back moved. */
export function checkPackageOffLoop(
  bytes: Uint8Array,
  fileName: string,
  kind: Kind,
): Promise<CheckedPackage> {
  const id = ++lastId;
  const target = thread();
  return new Promise<CheckedPackage>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    // Referenced while a check runs, so a script awaiting it is not ended early.
    target.ref();
    if (waiting.size === 1) watch(target);
    target.postMessage({ id, bytes, fileName, kind } satisfies CheckJob);
  });
}
