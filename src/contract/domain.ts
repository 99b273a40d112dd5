import { z } from 'zod';
import { intRange } from './int-range';

/** Feature samples: the content field's limit (client contract §3). */
export const SAMPLE_MAX = 500;
export const DOMAIN_INPUT_MAX = 300;

export const DETECTION_MODES = [1, 2, 3] as const;
export type DetectionMode = (typeof DETECTION_MODES)[number];

export const DOMAIN_RATE_LIMITS = {
  /** Light: pure computation. */
  isfakePerClient: { limit: 120, windowSeconds: 60 },
  /** Heavy: each check fetches a site under many profiles. */
  checkPerClient: { limit: 10, windowSeconds: 60 },
  samplePerClient: { limit: 10, windowSeconds: 60 * 60 },
} as const;

// Messages are translation keys under `domain.valid.*`.
const domain = z
  .string({ error: 'domain.valid.domainRequired' })
  .trim()
  .min(1, 'domain.valid.domainRequired')
  .max(DOMAIN_INPUT_MAX, 'domain.valid.domainTooLong');

export const domainCheckSchema = z.object({ domain });
export type DomainCheckInput = z.infer<typeof domainCheckSchema>;

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
  id: z.coerce.number().int().min(1),
  action: z.enum(['test', 'accept', 'reject']),
  severity: z.enum(['high', 'medium', 'low']).optional().default('high'),
});

/** `isfake` answer. */
export type ImitationKind =
  | 'addition'
  | 'insertion'
  | 'omission'
  | 'repetition'
  | 'replacement'
  | 'transposition'
  | 'vowelSwap'
  | 'hyphenation'
  | 'homoglyph'
  | 'bitsquatting'
  | 'tldSwap'
  | 'combosquatting'
  | 'subdomain'
  | 'similar';

/**
 * `official`; `lookalike`: not official and imitating one (see `imitates`, `techniques`);
 * `unofficial`: not official and imitating nothing (example.com). `is_fake` stays what the
 * spec says: true for anything not official.
 */
export type AuthenticityVerdict = 'official' | 'lookalike' | 'unofficial';

export type AuthenticityInfo = {
  input: string;
  host: string;
  host_unicode: string;
  domain: string;
  domain_unicode: string;
  is_fake: boolean;
  verdict: AuthenticityVerdict;
  /** The official domain this one imitates, when one is close enough to say. */
  imitates: string | null;
  techniques: ImitationKind[];
  official: string[];
};

export type Severity = 'high' | 'medium' | 'low';

/** One reason for a finding, in the caller's language, with its weight in the severity. */
export type FindingSignal = { id: string; weight: number; text: string };

export type Finding = {
  signature_id: string;
  title: string;
  severity: Severity;
  content: string;
  where: string;
  line: number;
  offset: number;
  asset_url: string;
  /** The profiles that got it, comma-separated. */
  profile: string;
  /** For what only some visitors get: the profiles checked that did not get it (else empty). */
  not_seen_by: string;
  /** Why it is a finding: every signal, strongest first. */
  signals: FindingSignal[];
  /** The address as the browser resolves it, decoded when the code hid it. */
  decoded_url: string;
  /** A tampered static file: what it adds to the nearest official file, and that file's versions. */
  added_code: string;
  nearest_official: string;
  request_headers: Record<string, string>;
  response_headers: Record<string, string>;
  detect_time: number;
  detect_time_text: string;
};

/** Something a limit cut short, said in the caller's language. */
export type CheckLimit = { what: string; url: string; detail: string; profiles: string; text: string };

export type InjectInfo = {
  url: string;
  domain: string;
  /** A finding of medium or high severity. */
  injected: boolean;
  /** `partial`: nothing found, but a limit (size, time, fetch cap) cut the check short: see `limits`. */
  status: 'clean' | 'injected' | 'partial';
  limits: CheckLimit[];
  findings: Finding[];
  redirects: { profile: string; from: string; to: string; kind: string }[];
  profiles: { name: string; status: number; error: string }[];
  assets_scanned: number;
  check_time: number;
  check_time_text: string;
};

export type InjectListInfo = {
  today_new: number;
  today_repaired: number;
  total_injected: number;
  monitored: number;
  /** Sites by their latest infection, newest first; `state` says whether they are still injected. */
  list: {
    domain: string;
    url: string;
    state: 'injected' | 'repaired';
    detect_time: number;
    detect_time_text: string;
  }[];
};

/** A feature sample as the review page reads it, with its clean-corpus test. */
export type SampleView = {
  id: number;
  domain: string;
  content: string;
  status: string;
  corpus_hits: string[];
  too_short: boolean;
  create_time: number;
  create_time_text: string;
};
