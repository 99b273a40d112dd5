import 'server-only';
import type { TargetPolicy } from '../../net/policy';
import { type FileVerdict, judgeStaticFile } from '../official/compare';
import { obfuscation } from '../official/obfuscation';
import type { OfficialFiles } from '../official/official-files';
import {
  type DocReader,
  type Fetched,
  type FoundLoad,
  fetchText,
  lineOf,
  type Observation,
  plainLoad,
  type ReadDoc,
  resolve,
  type Source,
} from '../web-code';
import type { AssetJob } from './assets';
import type { Cuts } from './coverage';

/** One of the CMS's static files as a profile got it, and what it was found to be. */
export type StaticFileSeen = {
  url: string;
  profile: string;
  verdict: FileVerdict;
  /** Line of the first addition, in the normalised copy. */
  line: number;
  /**
   * Obfuscated code in what the copy adds to the nearest official file. Only there: some official
   * builds of player.js ship obfuscated themselves, so a file with no official copy proves nothing.
   */
  obfuscated: string | null;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
};

type Args = {
  job: AssetJob;
  official: OfficialFiles;
  reader: DocReader;
  policy?: TargetPolicy;
  deadline: number;
  maxBytes: number;
  cuts: Cuts;
  firstParty: (url: URL) => boolean;
};

/**
 * Fetches a script or frame as the profile that loads it and reads it. The site's copies of the
 * CMS's static files are compared with the official ones first: an exact copy is trusted, the
 * player configuration is read by its shape, a tampered copy is read with its additions marked.
 */
export async function readAsset(args: Args) {
  const { job, cuts } = args;
  const headers = { ...job.profile.headers, referer: job.referer, accept: '*/*' };
  const outcome = await fetchText(job.url, headers, {
    maxBytes: args.maxBytes,
    policy: args.policy,
    deadline: args.deadline,
  });
  if (!outcome.ok) {
    if (outcome.error === 'timeout')
      cuts.add({ what: 'time', url: job.url, detail: '', profile: job.profile.name });
    return null;
  }
  const fetched: Fetched = outcome.page;
  const redirects = hopObservations(fetched, job);
  if (fetched.status >= 400) return { fetched, read: null, observations: redirects, staticFile: null };
  if (fetched.truncated)
    cuts.add({
      what: 'script',
      url: fetched.finalUrl,
      detail: String(args.maxBytes),
      profile: job.profile.name,
    });
  const url = new URL(fetched.finalUrl);
  const html = job.kind === 'iframe' || /html/i.test(fetched.headers['content-type'] ?? '');
  const judged =
    args.firstParty(url) && !html ? await judgeStaticFile(url.pathname, fetched.text, args.official) : null;
  const verdict = judged?.verdict ?? null;
  const first = verdict && 'added' in verdict ? verdict.added[0] : undefined;
  const staticFile: StaticFileSeen | null = verdict
    ? {
        url: fetched.finalUrl,
        profile: job.profile.name,
        verdict,
        line: first && judged ? lineOf(judged.text, first.offset) : 0,
        obfuscated: 'added' in verdict ? obfuscation(verdict.added.map((a) => a.text).join('\n')) : null,
        requestHeaders: fetched.requestHeaders,
        responseHeaders: fetched.headers,
      }
    : null;
  if (verdict?.status === 'official') return { fetched, read: null, observations: redirects, staticFile };
  const text = judged?.text ?? fetched.text;
  const read: ReadDoc = html
    ? args.reader.html(text, fetched.finalUrl)
    : args.reader.js(text, fetched.finalUrl);
  // The CMS's own scripts load nothing from other sites in any release; tj.js is where owners
  // paste their statistics code, so it is judged like the page.
  const cmsFile = verdict && !verdict.path.endsWith('/tj.js') ? verdict.path : null;
  const source: Source = {
    url: fetched.finalUrl,
    profile: job.profile,
    text,
    requestHeaders: fetched.requestHeaders,
    responseHeaders: fetched.headers,
    scope: job.url,
    cmsFile,
    added: verdict?.status === 'tampered' || verdict?.status === 'config' ? verdict.added : [],
    idioms: read.idioms,
  };
  const observations: Observation[] = [...redirects, ...read.doc.loads.map((load) => ({ source, load }))];
  if (verdict?.status === 'config') {
    for (const page of verdict.pages) {
      const target = resolve(page.url, fetched.finalUrl);
      if (!target) continue;
      const offset = Math.max(0, text.indexOf(page.url.replace(/\//g, '\\/')));
      observations.push({ source, load: configLoad(target, page.field, page.url, offset) });
    }
  }
  return { fetched, read, observations, staticFile };
}

function configLoad(url: string, field: string, raw: string, offset: number): FoundLoad {
  return plainLoad({ url, kind: 'iframe', how: 'player-config', evidence: `"${field}":"${raw}"`, offset });
}

/** A script address that redirects elsewhere loads from where it lands. */
function hopObservations(fetched: Fetched, job: AssetJob): Observation[] {
  if (fetched.redirects.length === 0) return [];
  const source: Source = {
    url: job.url,
    profile: job.profile,
    text: '',
    requestHeaders: fetched.requestHeaders,
    responseHeaders: fetched.headers,
    scope: job.url,
    cmsFile: null,
    added: [],
    idioms: [],
  };
  return fetched.redirects.flatMap((hop) => {
    try {
      const url = new URL(hop.location ?? '', hop.url).href;
      const load = plainLoad({
        url,
        kind: job.kind,
        how: `http-${hop.status}`,
        evidence: `HTTP ${hop.status} ${hop.url}\nLocation: ${hop.location}`,
      });
      return [{ source, load }];
    } catch {
      return [];
    }
  });
}
