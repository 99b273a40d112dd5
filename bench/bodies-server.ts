/**
 * Hostile bodies against the served build: how long small API calls wait while another
 * client keeps posting 18 MB bodies shaped to be costly. A stall of the event loop shows as the
 * worst latency of the small calls.
 */
import http from 'node:http';

const MB = 1_000_000;

const HOSTILE: { label: string; type: string; body: () => Buffer }[] = [
  {
    label: '18 MB JSON of distinct keys',
    type: 'application/json',
    body: () => {
      const keys: string[] = [];
      for (let i = 0, size = 2; size < 18 * MB; i++) size += keys[keys.push(`"k${i}":1`) - 1]!.length + 1;
      return Buffer.from(`{${keys.join(',')}}`);
    },
  },
  {
    label: '18 MB form, one key repeated',
    type: 'application/x-www-form-urlencoded',
    body: () => Buffer.from(`a=1${'&a=1'.repeat((18 * MB) / 4)}`),
  },
  {
    label: '18 MB JSON string of escapes',
    type: 'application/json',
    body: () => Buffer.from(`{"a":"${'\\"'.repeat(9 * MB)}"}`),
  },
];

function post(origin: string, path: string, type: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, origin),
      { method: 'POST', headers: { 'content-type': type, 'content-length': body.byteLength } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** One small call at a time for `ms`, while `hostile` runs; answers the latencies. */
async function probe(origin: string, busy: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  const body = Buffer.from('{"type":"info"}');
  while (busy()) {
    const t0 = performance.now();
    await post(origin, '/api/user/user_info', 'application/json', body);
    latencies.push(performance.now() - t0);
  }
  return latencies.sort((a, b) => a - b);
}

export async function runBodiesServerBench(origin: string) {
  console.log(
    '\nSmall calls (POST /api/user/user_info, one at a time) while another client posts hostile bodies:\n',
  );
  const quiet = await probeFor(origin, 2000);
  console.log(`  no hostile traffic: p50 ${quiet.p50.toFixed(1)} ms, max ${quiet.max.toFixed(1)} ms`);
  for (const shape of HOSTILE) {
    const body = shape.body();
    let running = true;
    let sent = 0;
    const statuses = new Set<number>();
    const attacker = (async () => {
      const deadline = performance.now() + 5000;
      while (performance.now() < deadline) {
        statuses.add(await post(origin, '/api/user/login', shape.type, body));
        sent++;
      }
      running = false;
    })();
    const latencies = await probe(origin, () => running);
    await attacker;
    const p50 = latencies[Math.floor(latencies.length / 2)] ?? 0;
    console.log(
      `  ${shape.label} (${sent} sent in 5 s, HTTP ${[...statuses].join('/')}): ` +
        `p50 ${p50.toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms over ${latencies.length} calls`,
    );
  }
}

async function probeFor(origin: string, ms: number) {
  const deadline = performance.now() + ms;
  const latencies = await probe(origin, () => performance.now() < deadline);
  return { p50: latencies[Math.floor(latencies.length / 2)] ?? 0, max: latencies.at(-1) ?? 0 };
}
