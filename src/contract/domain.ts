import { z } from 'zod';
import { intRange } from './int-range';
import { recordId } from './record-id';

/** Feature samples: the content field's limit, as the earlier portal's dialog had it (docs/cms-contract.md, section 3). */
export const SAMPLE_MAX = 500;
export const DOMAIN_INPUT_MAX = 300;

/** Where a feature sample is in its review (the `domain_samples.status` column). */
export const SAMPLE_STATUSES = ['pending', 'accepted', 'rejected'] as const;

export const DETECTION_MODES = [1, 2, 3] as const;
export type DetectionMode = (typeof DETECTION_MODES)[number];

export const DOMAIN_RATE_LIMITS = {
  /** Light: pure computation. */
  isfakePerClient: { limit: 120, windowSeconds: 60 },
  /** Heavy: each check fetches a site under many profiles. */
  checkPerClient: { limit: 10, windowSeconds: 60 },
  samplePerClient: { limit: 10, windowSeconds: 60 * 60 },
  /** A page polls a running check about once a second. */
  progressPerClient: { limit: 240, windowSeconds: 60 },
} as const;

// Messages are translation keys under `domain.valid.*`.
const domain = z
  .string({ error: 'domain.valid.domainRequired' })
  .trim()
  .min(1, 'domain.valid.domainRequired')
  .max(DOMAIN_INPUT_MAX, 'domain.valid.domainTooLong');

export const domainCheckSchema = z.object({ domain });
export type DomainCheckInput = z.infer<typeof domainCheckSchema>;

/**
 * `check_site_inject` and `start_site_inject`: a site checked a short while ago answers its stored
 * result with its age; `recheck` asks for a new run (itself bounded per site).
 */
export const injectCheckSchema = z.object({
  domain,
  recheck: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
    .transform((v) => v === true || v === '1' || v === 'true')
    .optional()
    .default(false),
});

/** `site_inject_progress`: the id `start_site_inject` gave. */
export const checkProgressSchema = z.object({
  check_id: z.string({ error: 'domain.valid.checkIdRequired' }).trim().min(1).max(64),
});

export const sampleSchema = z.object({
  domain,
  content: z
    .string({ error: 'domain.valid.contentRequired' })
    .trim()
    .min(1, 'domain.valid.contentRequired')
    .max(SAMPLE_MAX, 'domain.valid.contentTooLong'),
});
export type SampleInput = z.infer<typeof sampleSchema>;

/** inject_site_list answers at most this many recent sites. */
export const INJECT_LIST_MAX = 50;

export const injectListSchema = z.object({
  limit: intRange(1, INJECT_LIST_MAX, 12),
});

export const sampleReviewSchema = z.object({
  id: recordId(),
  action: z.enum(['test', 'accept', 'reject']),
  severity: z.enum(['high', 'medium', 'low']).optional().default('high'),
});

/** How a look-alike imitates an official domain (`isfake`'s `techniques`). */
export const IMITATION_KINDS = [
  'addition',
  'insertion',
  'omission',
  'repetition',
  'replacement',
  'transposition',
  'vowelSwap',
  'hyphenation',
  'homoglyph',
  'bitsquatting',
  'tldSwap',
  'combosquatting',
  'subdomain',
  'similar',
] as const;
export type ImitationKind = (typeof IMITATION_KINDS)[number];

/** `isfake` answer. */
export const authenticityInfoSchema = z.object({
  input: z.string(),
  host: z.string(),
  host_unicode: z.string(),
  domain: z.string(),
  domain_unicode: z.string(),
  is_fake: z.boolean(),
  /**
   * `official`; `lookalike`: not official and imitating one (see `imitates`, `techniques`);
   * `unofficial`: not official and imitating nothing (example.com). `is_fake` keeps its old meaning
   * for existing callers: true for anything not official.
   */
  verdict: z.enum(['official', 'lookalike', 'unofficial']),
  /** The official domain this one imitates, when one is close enough to say. */
  imitates: z.string().nullable(),
  techniques: z.array(z.enum(IMITATION_KINDS)),
  official: z.array(z.string()),
});
export type AuthenticityInfo = z.infer<typeof authenticityInfoSchema>;

export const SEVERITIES = ['high', 'medium', 'low'] as const;
export const severitySchema = z.enum(SEVERITIES);
export type Severity = z.infer<typeof severitySchema>;

/** One reason for a finding, in the caller's language, with its weight in the severity. */
const findingSignalSchema = z.object({ id: z.string(), weight: z.number(), text: z.string() });

const headersSchema = z.record(z.string(), z.string());

export const findingSchema = z.object({
  signature_id: z.string(),
  title: z.string(),
  severity: severitySchema,
  content: z.string(),
  where: z.string(),
  line: z.number().int(),
  offset: z.number().int(),
  asset_url: z.string(),
  /** The profiles that got it, comma-separated. */
  profile: z.string(),
  /** For what only some visitors get: the profiles checked that did not get it (else empty). */
  not_seen_by: z.string(),
  /** Why it is a finding: every signal, strongest first. */
  signals: z.array(findingSignalSchema),
  /** The address as the browser resolves it, decoded when the code hid it. */
  decoded_url: z.string(),
  /** A tampered static file: what it adds to the nearest official file, and that file's versions. */
  added_code: z.string(),
  nearest_official: z.string(),
  request_headers: headersSchema,
  response_headers: headersSchema,
  detect_time: z.number().int(),
  detect_time_text: z.string(),
});
export type Finding = z.infer<typeof findingSchema>;

/** Something a limit cut short, said in the caller's language. */
const checkLimitSchema = z.object({
  what: z.string(),
  url: z.string(),
  detail: z.string(),
  profiles: z.string(),
  text: z.string(),
});

/** `check_site_inject` answer. */
export const injectInfoSchema = z.object({
  url: z.string(),
  domain: z.string(),
  /** A finding of medium or high severity. */
  injected: z.boolean(),
  /** `partial`: nothing found, but a limit (size, time, fetch cap) cut the check short: see `limits`. */
  status: z.enum(['clean', 'injected', 'partial']),
  limits: z.array(checkLimitSchema),
  findings: z.array(findingSchema),
  redirects: z.array(z.object({ profile: z.string(), from: z.string(), to: z.string(), kind: z.string() })),
  profiles: z.array(z.object({ name: z.string(), status: z.number().int(), error: z.string() })),
  assets_scanned: z.number().int(),
  check_time: z.number().int(),
  check_time_text: z.string(),
});
export type InjectInfo = z.infer<typeof injectInfoSchema>;

/** How old the stored result answered is, in seconds (0 when this call ran the check). */
const ageSeconds = z.number().int();

/** `check_site_inject` answer: the result, and its age when a recent stored one was answered. */
export const injectAnswerSchema = injectInfoSchema.extend({ age_seconds: ageSeconds });
export type InjectAnswer = z.infer<typeof injectAnswerSchema>;

/** Where a running check is: waiting for a browser, running, or over. */
export const CHECK_RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** A check's progress, as the page polls it while the check runs. */
export const checkProgressInfoSchema = z.object({
  check_id: z.string(),
  domain: z.string(),
  state: z.enum(CHECK_RUN_STATES),
  /** The static reading of the site under every profile: waiting, running or done. */
  static_pass: z.enum(['running', 'done']),
  /** The browser's visits: waiting for a free browser (`queued`), running, done, or not run. */
  browser_pass: z.enum(['waiting', 'queued', 'running', 'done', 'skipped']),
  /** The profiles (visitors) the browser has finished, in order. */
  profiles_done: z.array(z.string()),
  /** How many visitors the browser visits in all. */
  profiles_total: z.number().int(),
  /** The visitors the browser is visiting now, in the caller's language, or empty. */
  profile_running: z.string(),
  /** The findings found so far (their titles, in the caller's language). */
  found: z.array(z.string()),
  /** When done: the result, as `check_site_inject` answers it. */
  result: injectAnswerSchema.nullable(),
  /** When failed: why, in the caller's language. */
  error: z.string(),
});
export type CheckProgressInfo = z.infer<typeof checkProgressInfoSchema>;

/**
 * `start_site_inject` answer: a recent stored result (with its age, `check_id` empty), or the id of
 * the check now running (or already running for this site) whose progress can be polled.
 */
export const checkStartInfoSchema = z.object({
  check_id: z.string(),
  result: injectAnswerSchema.nullable(),
});
export type CheckStartInfo = z.infer<typeof checkStartInfoSchema>;

/** `inject_site_list` answer: the counters and the recently injected sites. */
export const injectListInfoSchema = z.object({
  today_new: z.number().int(),
  today_repaired: z.number().int(),
  total_injected: z.number().int(),
  monitored: z.number().int(),
  /** Sites by their latest infection, newest first; `state` says whether they are still injected. */
  list: z.array(
    z.object({
      domain: z.string(),
      url: z.string(),
      state: z.enum(['injected', 'repaired']),
      detect_time: z.number().int(),
      detect_time_text: z.string(),
    }),
  ),
});
export type InjectListInfo = z.infer<typeof injectListInfoSchema>;

/** `site_history`: the stored checks of one site, by the address or domain a visitor checked. */
export const siteHistorySchema = z.object({ domain });

/** `site_history` answer: what a shared link to a site's result shows. */
export const siteHistoryInfoSchema = z.object({
  domain: z.string(),
  /** The address last checked; empty when the site was never checked. */
  url: z.string(),
  state: z.enum(['unchecked', 'clean', 'injected', 'repaired']),
  /** The latest stored check as `check_site_inject` answered it; null when there is none. */
  latest: injectInfoSchema.nullable(),
  /** Every stored check, newest first (the latest included). */
  checks: z.array(
    z.object({
      status: z.enum(['clean', 'injected', 'partial']),
      findings: z.number().int(),
      check_time: z.number().int(),
      check_time_text: z.string(),
    }),
  ),
});
export type SiteHistoryInfo = z.infer<typeof siteHistoryInfoSchema>;

/** A feature sample as the review page reads it, with its clean-corpus test. */
export const sampleViewSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  content: z.string(),
  status: z.enum(SAMPLE_STATUSES),
  corpus_hits: z.array(z.string()),
  too_short: z.boolean(),
  create_time: z.number().int(),
  create_time_text: z.string(),
});
export type SampleView = z.infer<typeof sampleViewSchema>;
