import 'server-only';
import { createHash } from 'node:crypto';
import type { StaticFileCheck } from '@/contract/domain-version';
import type { TargetPolicy } from '../../net/policy';
import { judgeStaticFile } from '../official/compare';
import type { OfficialFiles } from '../official/official-files';
import { CMS_SCRIPTS, fetchText } from '../web-code';
import { versionData } from './records';

/** The CMS's files a version check fetches: its static scripts and the jQuery it ships. */
export const VERSION_FILES = [...CMS_SCRIPTS, '/static/js/jquery.js'];
const MAX_FILE = 1_000_000;
const ADDED_SHOWN = 2_000;

export type SiteFile = { path: string; sha256: string; text: string; check: StaticFileCheck };

/**
 * Fetches the CMS's static files once and compares each with the official files derived from
 * the release packages (and DOMAIN_FINGERPRINT_FILE's hashes, for builds the portal never
 * published): an exact copy names its versions, a different one shows what it adds.
 */
export async function fetchStaticFiles(args: {
  origin: string;
  headers: Record<string, string>;
  policy: TargetPolicy;
  deadline: number;
  official: OfficialFiles;
}): Promise<SiteFile[]> {
  const { fingerprints } = versionData();
  const files = await Promise.all(
    VERSION_FILES.map(async (path): Promise<SiteFile | null> => {
      const got = await fetchText(`${args.origin}${path}`, args.headers, {
        maxBytes: MAX_FILE,
        policy: args.policy,
        deadline: args.deadline,
      });
      // A missing file, or an HTML error page served in its place, is no copy of it.
      if (!got.ok || got.page.status >= 400 || /^\s*</.test(got.page.text)) return null;
      const sha256 = createHash('sha256').update(got.page.body).digest('hex');
      const listed = fingerprints[path]?.[sha256];
      const judged = await judgeStaticFile(path, got.page.text, args.official);
      const v = judged?.verdict;
      let check: StaticFileCheck = { path, status: 'unknown', versions: [], added: '' };
      if (listed) check = { path, status: 'official', versions: listed, added: '' };
      else if (v?.status === 'official')
        check = { path, status: 'official', versions: v.versions, added: '' };
      else if ((v?.status === 'tampered' || v?.status === 'config') && v.added.length > 0) {
        const added = v.added
          .map((a) => a.text)
          .join('\n…\n')
          .slice(0, ADDED_SHOWN);
        check = { path, status: 'tampered', versions: v.status === 'tampered' ? v.nearest : [], added };
      }
      return { path, sha256, text: got.page.text, check };
    }),
  );
  return files.filter((f): f is SiteFile => f !== null);
}
