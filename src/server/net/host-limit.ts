import 'server-only';

type Waiter = () => void;
const active = new Map<string, number>();
const queues = new Map<string, Waiter[]>();

/**
 * Runs `task` once fewer than `max` tasks of this process are talking to `host`, so a scan never
 * hammers the site it checks (the notes ask for 1–2 connections per domain).
 */
export async function withHostLimit<T>(host: string, task: () => Promise<T>, max = 2): Promise<T> {
  if ((active.get(host) ?? 0) >= max) {
    await new Promise<void>((resolve) => {
      const queue = queues.get(host) ?? [];
      queue.push(resolve);
      queues.set(host, queue);
    });
  }
  active.set(host, (active.get(host) ?? 0) + 1);
  try {
    return await task();
  } finally {
    const left = (active.get(host) ?? 1) - 1;
    if (left === 0) active.delete(host);
    else active.set(host, left);
    const next = queues.get(host)?.shift();
    if (queues.get(host)?.length === 0) queues.delete(host);
    next?.();
  }
}
