import 'server-only';
import type { TargetPolicy } from '../../../net/policy';
import type { RawFinding } from '../../web-code';
import type { Cut } from '../coverage';
import { browserFindings } from './effects';
import { browserEngine, type Unavailable } from './engine';
import { type VisitRecord, visitAs } from './visit';
import { VISITORS } from './visitors';

/** Visitors loaded at once in one check (each in its own context of the one browser). */
const VISITS_AT_ONCE = 2;

/** What one visitor's visit came to, as stored with the check. */
export type VisitSummary = {
  profile: string;
  landing: string;
  finalUrl: string;
  title: string;
  requests: number;
  refused: string[];
  sockets: string[];
  workers: string[];
  serviceWorkers: string[];
  windows: string[];
  error: string;
};

export type BrowserPass = {
  /** `ran`, or why the check had only its static pass. */
  state: 'ran' | Unavailable;
  findings: RawFinding[];
  cuts: Cut[];
  visits: VisitSummary[];
};

/** What the browser pass reports while it runs, for the check's progress. */
export type BrowserProgress = (
  event:
    | { kind: 'queued' }
    | { kind: 'started' }
    | { kind: 'visiting'; profile: string }
    | { kind: 'visited'; profile: string },
) => void;

/**
 * The dynamic pass: the site loaded in the browser once per visitor, every request answered by
 * the safe fetch, and what the pages did judged (effects.ts). Bounded by `deadline`, by the
 * browser's slots (engine.ts), and by the requests and time of each visit (visit.ts).
 */
export async function browserPass(args: {
  url: string;
  policy: TargetPolicy;
  deadline: number;
  onProgress?: BrowserProgress;
}): Promise<BrowserPass> {
  const { url, policy, deadline } = args;
  const tell: BrowserProgress = args.onProgress ?? (() => {});
  const queued = () => tell({ kind: 'queued' });
  const got = await browserEngine().use(
    deadline,
    async (browser) => {
      tell({ kind: 'started' });
      const visits: VisitRecord[] = [];
      const queue = [...VISITORS];
      await Promise.all(
        Array.from({ length: VISITS_AT_ONCE }, async () => {
          while (queue.length > 0 && Date.now() < deadline) {
            const visitor = queue.shift()!;
            tell({ kind: 'visiting', profile: visitor.name });
            visits.push(await visitAs({ browser, url, visitor, policy, deadline }));
            tell({ kind: 'visited', profile: visitor.name });
          }
        }),
      );
      return { visits, skipped: queue.map((v) => v.name) };
    },
    queued,
  );
  if (typeof got === 'string') {
    const cuts: Cut[] =
      got === 'busy' || got === 'failed' ? [{ what: 'browser', url, detail: got, profiles: [] }] : [];
    return { state: got, findings: [], cuts, visits: [] };
  }
  const { visits, skipped } = got;
  const timedOut = [...visits.filter((v) => v.cut === 'time').map((v) => v.visitor.name), ...skipped];
  const cuts: Cut[] = [];
  if (timedOut.length > 0) cuts.push({ what: 'browser', url, detail: 'time', profiles: timedOut });
  const crowded = visits.filter((v) => v.cut === 'requests').map((v) => v.visitor.name);
  if (crowded.length > 0) cuts.push({ what: 'browser', url, detail: 'requests', profiles: crowded });
  return { state: 'ran', findings: browserFindings(url, visits), cuts, visits: visits.map(summary) };
}

function summary(v: VisitRecord): VisitSummary {
  const log = v.probe?.log ?? [];
  return {
    profile: v.visitor.name,
    landing: v.landing,
    finalUrl: v.probe?.url ?? '',
    title: v.probe?.title ?? '',
    requests: v.requests.length,
    refused: v.requests
      .filter((r) => r.outcome === 'refused')
      .map((r) => r.url)
      .slice(0, 20),
    sockets: v.sockets.slice(0, 20),
    workers: v.workers.slice(0, 20),
    serviceWorkers: log
      .filter(([k]) => k === 'serviceWorker')
      .map(([, u]) => u)
      .slice(0, 20),
    windows: [
      ...new Set([
        ...v.requests.filter((r) => r.window).map((r) => r.url),
        ...log.filter(([k]) => k === 'window').map(([, u]) => u),
      ]),
    ].slice(0, 20),
    error: v.error,
  };
}
