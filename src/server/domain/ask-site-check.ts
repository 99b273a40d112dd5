import 'server-only';
import type { CheckProgressInfo, CheckStartInfo, InjectAnswer } from '@/contract/domain';
import type { Locale } from '@/contract/locales';
import { AppError, invalid } from '../errors';
import { translate } from '../http/translate';
import type { TargetPolicy } from '../net/policy';
import { defaultPolicy } from '../net/safe-fetch';
import {
  claimRun,
  finishRun,
  RUN_LEASE_MS,
  type RunProgress,
  readRun,
  runningFor,
  runsLastHour,
  START_PROGRESS,
  saveProgress,
} from './check-runs';
import { assertCheckable, type ScanProgress, scanAndRecord } from './check-site-inject';
import { VISITORS } from './inject/browser/visitors';
import type { ScanResult } from './inject/scan-site';
import { presentInject, profileWords } from './present-inject';
import { latestCheck } from './record-check';
import { parseTarget } from './target';

/** A site checked this recently answers its stored result, with its age, instead of a new run. */
export const FRESH_MINUTES = 10;
/**
 * Runs of one site per hour, whoever asks: anyone may ask for a check and for a re-check, so this,
 * with one run at a time per site, keeps the portal from becoming a way to hammer a third-party site.
 */
export const RUNS_PER_SITE_PER_HOUR = 4;
/** How often a caller waiting for a run (the single-call API) reads it. */
const WAIT_POLL_MS = 250;

type Asked = { stored: { scan: ScanResult; checkedAt: Date } } | { run: string };

/**
 * What an asked-for check comes to: the stored result when recent (or when the site has had its
 * runs this hour), the run already under way for the site, or a new run started in the background.
 */
async function ask(input: string, recheck: boolean, now: Date, policy: TargetPolicy): Promise<Asked> {
  const url = parseTarget(input);
  assertCheckable(url, policy);
  const host = url.host.toLowerCase();
  const latest = await latestCheck(host);
  if (!recheck && latest && ageSeconds(latest.checkedAt, now) < FRESH_MINUTES * 60) return { stored: latest };
  const running = await runningFor(host);
  if (running) return { run: running };
  if ((await runsLastHour(host)) >= RUNS_PER_SITE_PER_HOUR) {
    if (latest) return { stored: latest };
    throw invalid('domain.check.siteLimit');
  }
  const claim = await claimRun(host);
  // Its failure is stored with the run, where the asker reads it.
  if (claim.started)
    void execute(claim.id, (progress) => scanAndRecord(url, policy, undefined, progress)).catch(() => {});
  return { run: claim.id };
}

/** A check that scans and stores, telling its progress as it goes. */
type Work = (progress: ScanProgress) => Promise<{ scan: ScanResult; checkedAt: Date }>;

/**
 * The scheduled re-check's way through the same bounds as an asked-for check: it runs only when no
 * run holds the site (on any node) and the site has not had its runs this hour, as a run of its own
 * that holds the site and counts. Otherwise it does not wait (false): the site is due again at a
 * later round. A failed check throws, after being stored with its run.
 */
export async function recheckUnderBounds(host: string, work: Work): Promise<boolean> {
  if (await runningFor(host)) return false;
  if ((await runsLastHour(host)) >= RUNS_PER_SITE_PER_HOUR) return false;
  const claim = await claimRun(host);
  if (!claim.started) return false;
  await execute(claim.id, work);
  return true;
}

/**
 * Runs a claimed check, storing where it is as it goes, then its result (or why it failed, which
 * it throws again for its caller).
 */
async function execute(id: string, work: Work) {
  const progress: RunProgress = structuredClone(START_PROGRESS);
  // Writes one after another, so a late step never overwrites a later one.
  let writing = Promise.resolve();
  const save = () => {
    const copy = structuredClone(progress);
    writing = writing.then(() => saveProgress(id, copy)).catch(() => {});
  };
  const reporter: ScanProgress = {
    staticDone: (scan) => {
      progress.static = 'done';
      progress.found.push(...scan.findings.map((f) => f.title));
      save();
    },
    browser: (event) => {
      if (event.kind === 'queued') progress.browser = 'queued';
      else if (event.kind === 'started') progress.browser = 'running';
      else if (event.kind === 'visiting') progress.running.push(event.profile);
      else if (event.kind === 'visited') {
        progress.running = progress.running.filter((p) => p !== event.profile);
        progress.done.push(event.profile);
      }
      save();
    },
  };
  try {
    const { scan, checkedAt } = await work(reporter);
    await writing;
    progress.static = 'done';
    progress.browser = scan.browser?.state === 'ran' ? 'done' : 'skipped';
    progress.running = [];
    progress.found = scan.findings.map((f) => f.title);
    await finishRun(id, { scan, checkedAt, progress });
  } catch (error) {
    await writing;
    const key =
      error instanceof AppError && error.code === 'invalid' ? error.messageKey : 'domain.check.failed';
    await finishRun(id, { error: key }).catch(() => {});
    throw error;
  }
}

const ageSeconds = (checkedAt: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - checkedAt.getTime()) / 1000));

const answer = (stored: { scan: ScanResult; checkedAt: Date }, now: Date, locale: Locale): InjectAnswer => ({
  ...presentInject(stored.scan, stored.checkedAt, locale),
  age_seconds: ageSeconds(stored.checkedAt, now),
});

/** `start_site_inject`: a recent result at once, or the id of the run whose progress to poll. */
export async function startSiteCheck(args: {
  input: string;
  recheck: boolean;
  locale: Locale;
  now: Date;
  policy?: TargetPolicy;
}): Promise<CheckStartInfo> {
  const asked = await ask(args.input, args.recheck, args.now, args.policy ?? defaultPolicy());
  return 'stored' in asked
    ? { check_id: '', result: answer(asked.stored, args.now, args.locale) }
    : { check_id: asked.run, result: null };
}

/**
 * `check_site_inject` in one call, for API clients: as `start_site_inject`, then waiting for the run
 * (this node's or another's) to end.
 */
export async function checkSiteOnce(args: {
  input: string;
  recheck: boolean;
  locale: Locale;
  now: Date;
  policy?: TargetPolicy;
}): Promise<InjectAnswer> {
  const asked = await ask(args.input, args.recheck, args.now, args.policy ?? defaultPolicy());
  if ('stored' in asked) return answer(asked.stored, args.now, args.locale);
  const until = Date.now() + RUN_LEASE_MS;
  for (;;) {
    const run = await readRun(asked.run);
    if (run?.result) return answer(run.result, new Date(), args.locale);
    if (!run || run.state === 'failed') throw invalid(run?.error || 'domain.check.failed');
    if (Date.now() > until) throw invalid('domain.check.lost');
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}

const title = (locale: Locale, t: string) => (t.startsWith('domain.') ? translate(locale, t) : t);

/** `site_inject_progress`: where a run is, what it found so far, and its result once over. */
export async function siteCheckProgress(id: string, locale: Locale): Promise<CheckProgressInfo> {
  const run = await readRun(id);
  if (!run) throw invalid('domain.check.unknown');
  const p = run.progress;
  return {
    check_id: run.id,
    domain: run.host,
    state: run.state,
    static_pass: p.static,
    browser_pass: p.browser,
    profiles_done: p.done,
    profiles_total: VISITORS.length,
    profile_running: profileWords(locale, p.running.join(', ')),
    found: [...new Set(p.found.map((t) => title(locale, t)))],
    result: run.result ? answer(run.result, new Date(), locale) : null,
    error: run.state === 'failed' ? translate(locale, run.error || 'domain.check.failed') : '',
  };
}
