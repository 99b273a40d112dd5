import http from 'node:http';

export type Target = {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The status every answer must have; others count as errors. */
  status: number;
  /** A query parameter given a new value on every request: each one is a first request of its key. */
  unique?: string;
};

export type Result = {
  label: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
};

/**
 * A closed-loop load: `concurrency` keep-alive connections each send the next request as soon as the
 * previous answer arrives, for `seconds`. Latencies are per request, in milliseconds.
 */
export async function runLoad(
  origin: string,
  target: Target,
  { concurrency, seconds }: { concurrency: number; seconds: number },
): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const url = new URL(target.path, origin);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  let sent = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const next = new URL(url);
      if (target.unique) next.searchParams.set(target.unique, `${process.pid}-${Date.now()}-${sent++}`);
      const status = await send(agent, next, target).catch(() => -1);
      latencies.push(performance.now() - t0);
      if (status !== target.status) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    label: target.label,
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: pct(0.5),
    p99: pct(0.99),
  };
}

function send(agent: http.Agent, url: URL, target: Target): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: target.method, agent, headers: { ...target.headers, 'accept-encoding': 'identity' } },
      (response) => {
        response.resume(); // read the whole body, as a client would
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(target.body);
  });
}
