import 'server-only';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type TransferListItem, Worker } from 'node:worker_threads';
import { logFor } from '../log';
import type { FromThread, ToThread } from './protocol';

const log = logFor('threads');

/** How a thread starts: the bundled file in the Next server, the TypeScript source anywhere else. */
export type ThreadEntry = {
  /**
   * `() => new Worker(new URL('./x-thread.ts', import.meta.url))`, written out at the call site:
   * only that literal form makes the bundler build the thread's file.
   */
  bundled: () => Worker;
  /** The thread's source file: `import.meta.url` of the caller, and the file's name beside it. */
  source: { beside: string; file: string };
};

export type OffLoopOptions<Q, A> = {
  /** Named in logs. */
  name: string;
  /**
   * The longest the thread may go without answering while jobs wait. Each job ends on its own
   * budget well before; a thread silent this long is stuck (an input no budget foresaw) and is
   * ended, so its jobs fail instead of waiting forever.
   */
  stalledMs: number;
  /** Answers a question a job asks back (a database lookup the thread cannot make itself). */
  answer?: (question: Q) => Promise<A>;
};

type Waiting = { resolve: (result: unknown) => void; reject: (error: Error) => void };

/**
 * CPU-heavy work on one worker thread per process, so that it never holds the event loop that
 * serves every other request of the node. Jobs may overlap in the thread (each is async there). A
 * thread that dies or stalls fails the jobs it held and is started again for the next one.
 */
export class OffLoop<J, R, Q = never, A = never> {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private lastId = 0;
  private stallTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly entry: ThreadEntry,
    private readonly options: OffLoopOptions<Q, A>,
  ) {}

  run(job: J, transfer: readonly TransferListItem[] = []): Promise<R> {
    const id = ++this.lastId;
    const target = this.thread();
    return new Promise<R>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (result: unknown) => void, reject });
      // Referenced while a job runs, so a script awaiting it is not ended early.
      target.ref();
      if (this.waiting.size === 1) this.watch(target);
      target.postMessage({ type: 'job', id, job } satisfies ToThread<J, A>, transfer);
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const started = process.env.NEXT_RUNTIME ? this.entry.bundled() : fromSource(this.entry.source);
    started.unref();
    started.on('message', (message: FromThread<R, Q>) => this.received(started, message));
    const lost = (error: Error) => {
      // Only the current thread's loss fails the waiting jobs ('exit' follows 'error', and by
      // then a new thread may hold new jobs).
      if (this.worker !== started) return;
      this.worker = undefined;
      clearTimeout(this.stallTimer);
      for (const job of this.waiting.values()) job.reject(error);
      this.waiting.clear();
    };
    started.on('error', (error) => {
      log.error({ err: error, thread: this.options.name }, 'thread failed');
      lost(error);
    });
    started.on('exit', (code) => lost(new Error(`${this.options.name} thread exited (${code})`)));
    this.worker = started;
    return started;
  }

  private received(from: Worker, message: FromThread<R, Q>) {
    if (message.type === 'ask') {
      const { answer } = this.options;
      if (!answer) return;
      answer(message.question).then(
        (value) => from.postMessage({ type: 'answer', ask: message.ask, value } satisfies ToThread<J, A>),
        (error: unknown) =>
          from.postMessage({ type: 'answer', ask: message.ask, error: String(error) } satisfies ToThread<
            J,
            A
          >),
      );
      return;
    }
    const job = this.waiting.get(message.id);
    this.waiting.delete(message.id);
    if (this.waiting.size === 0) from.unref();
    this.watch(from);
    if (message.type === 'done') job?.resolve(message.result);
    else job?.reject(new Error(`${this.options.name} failed: ${message.error}`));
  }

  /** (Re)arms the stall watch after every answer: it runs only while jobs wait. */
  private watch(target: Worker) {
    clearTimeout(this.stallTimer);
    if (this.waiting.size === 0) return;
    this.stallTimer = setTimeout(() => {
      log.error({ thread: this.options.name, waiting: this.waiting.size }, 'thread stalled; ending it');
      void target.terminate();
    }, this.options.stalledMs);
    // The thread is referenced while jobs wait; the watch alone must not keep a script alive.
    this.stallTimer.unref();
  }
}

/** Tests, scripts and the benchmark run the source: tsx compiles the thread, server modules load. */
function fromSource({ beside, file: name }: ThreadEntry['source']): Worker {
  const file = JSON.stringify(path.join(path.dirname(fileURLToPath(beside)), name));
  return new Worker(`require('tsx/cjs/api').register(); require(${file});`, {
    eval: true,
    execArgv: ['--conditions=react-server'],
  });
}
