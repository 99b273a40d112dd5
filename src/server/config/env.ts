import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'every entry must be an email address' })));

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** The address the server binds: `localhost` (Next's locale redirect misbehaves on 127.0.0.1), `0.0.0.0` for all. */
    HOST: z.string().trim().min(1).default('localhost'),
    PRODUCT: z
      .string()
      .regex(/^[a-z][a-z0-9]{1,30}$/, 'lower-case letters and digits, starting with a letter')
      .default('maccms'),
    SITE_URL: z
      .url({ protocol: /^https?$/, error: 'an http(s) URL such as https://www.example.com' })
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    /** Where `next build` wrote the build this server runs (tests and benchmarks build beside it). */
    NEXT_DIST_DIR: z.string().min(1).default('.next'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'a postgres:// connection URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** PostgreSQL connections of one node, and how long a request waits for one (then 503). */
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    /** Longest a statement may run, and wait for a lock, before it is cancelled (then 503). */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    ADMIN_EMAILS: emailList,
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    DEMO_CONTENT: bool(true),
    /** How many proxies of ours stand in front, each appending to X-Forwarded-For (true = 1, false = 0). */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v) => {
        const text = (v ?? '').trim().toLowerCase();
        if (['', 'false', 'no'].includes(text)) return 0;
        return ['true', 'yes'].includes(text) ? 1 : Number(text);
      })
      .pipe(z.number({ error: 'true, false or the number of proxies in front (0-9)' }).int().min(0).max(9)),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool(true),
    S3_PREFIX: z
      .string()
      .regex(/^([a-z0-9_.-]+\/)*$/i, 'a folder path ending in /, or empty')
      .default(''),
    RATE_LIMITS: bool(true),
    /** The cache of anonymous answers and logged-in shells (src/entry/page-cache); `false` renders every request. */
    PAGE_CACHE: bool(true),
    /** Check every API answer against its operation's output schema (on outside production; tests, CI). */
    CHECK_OUTPUTS: bool(false),
    /**
     * The Ed25519 private key (PKCS#8 PEM) that signs release packages; unset: one is made on first use
     * in DATA_DIR/release-signing/ (embedded and demo setups). The portal publishes only its public half.
     */
    RELEASE_SIGNING_KEY_FILE: z.string().min(1).optional(),
    /** A JSON file whose keys override content/site.json (site name, download links, partners...). */
    SITE_CONFIG_FILE: z.string().min(1).optional(),
    /** Scheduled jobs (re-checks, collection) on this node; every node may run them, each job runs once. */
    JOBS: bool(true),
    /** How much the JSON logs say: `info` by default, `debug` adds a line per request. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Bearer token for /metrics (Prometheus); without it, /metrics answers loopback callers only. */
    METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
    /** Outbound fetches (scanner, station probes) to loopback/private addresses: tests and local dev only. */
    FETCH_ALLOW_PRIVATE: bool(false),
    FETCH_EXTRA_PORTS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map(Number),
      )
      .pipe(z.array(z.number().int().min(1).max(65535, 'ports between 1 and 65535'))),
    /**
     * The injected-code check's browser: `auto` (Debian's /usr/bin/chromium when installed), `off`
     * (the static pass alone), or the path of a Chromium executable.
     */
    INJECT_BROWSER: z.string().trim().default('auto'),
    /** Checks that use the browser at once on this node; more wait in a queue of eight times this. */
    INJECT_BROWSER_CHECKS: z.coerce.number().int().min(1).max(16).default(2),
    /** Registrable domains the authenticity check calls official (comma-separated). */
    OFFICIAL_DOMAINS: z
      .string()
      .optional()
      .transform((v) =>
        (v || 'maccms.com,maccms.cn,maccms.net,maccms.pro,macvideojs.com')
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'domain names such as maccms.com'))),
    /** Hours between scheduled re-checks of sites found injected or not yet repaired. */
    DOMAIN_RECHECK_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(6),
    /** Extra or corrected vulnerability records (JSON, OSV-style) laid over the bundled ones. */
    DOMAIN_VULN_FILE: z.string().optional(),
    /** Static-file hashes per release (JSON) for the version estimate of the vulnerability check. */
    DOMAIN_FINGERPRINT_FILE: z.string().optional(),
    /** smtp(s)://user:pass@host:port; unset: mail is written to DATA_DIR/outbox/ as .eml files. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'an smtp:// or smtps:// URL such as smtps://user:pass@mail.example.com')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The sender of every mail: `name@example.com` or `Name <name@example.com>`. */
    MAIL_FROM: z
      .string()
      .regex(
        /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
        'an address such as noreply@example.com or "MacCMS Pro <noreply@example.com>"',
      )
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE_DRIVER=s3' });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'required when SMTP_URL is set' });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Turns zod issues into one line per bad variable, naming the variable. */
export function describeEnvErrors(error: z.ZodError): string {
  return error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`).join('\n');
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new Error(`Invalid configuration:\n${describeEnvErrors(result.error)}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated configuration; the only place that reads process.env. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * The log level alone: loggers are made when modules load, which must not fix the rest of the
 * configuration that early (tests and start-up may still set it). A bad value means `info` here;
 * env() reports it.
 */
export function logLevel(): Env['LOG_LEVEL'] {
  const parsed = envSchema.shape.LOG_LEVEL.safeParse(process.env.LOG_LEVEL);
  return parsed.success ? parsed.data : 'info';
}

export function siteUrl(): string {
  const e = env();
  return (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
}
