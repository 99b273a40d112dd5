import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

// No `server-only` here: our own HTTP server (src/entry) records request metrics and serves them.

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry }); // event-loop lag, memory, CPU, handles
  const m = {
    registry,
    requests: new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by route and status class',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
      registers: [registry],
    }),
    pool: new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections of this node: total, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
    }),
    jobs: new Counter({
      name: 'portal_job_runs_total',
      help: 'Scheduled job runs on this node, by outcome',
      labelNames: ['job', 'outcome'] as const,
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'portal_job_duration_seconds',
      help: 'Duration of scheduled job runs on this node',
      labelNames: ['job'] as const,
      buckets: [0.1, 1, 5, 15, 60, 300, 900],
      registers: [registry],
    }),
    scans: new Counter({
      name: 'portal_domain_checks_total',
      help: 'Injected-code checks, by verdict',
      labelNames: ['verdict'] as const,
      registers: [registry],
    }),
    collections: new Counter({
      name: 'portal_collector_runs_total',
      help: 'Station collections, by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
  };
  return m;
}

const shared = globalThis as unknown as { __portalMetrics?: ReturnType<typeof create> };

/** The metrics of this process (one registry: Next's bundles and our server share it). */
export function metrics() {
  shared.__portalMetrics ??= create();
  return shared.__portalMetrics;
}
