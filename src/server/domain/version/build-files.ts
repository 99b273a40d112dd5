import 'server-only';
import type { VersionInfo, VulnRecord } from '@/contract/domain-version';
import type { Locale } from '@/contract/locales';
import type { SignatureSet } from '../signatures/engine';

type Vulnerability = VersionInfo['vulnerabilities'][number];
/** One of the CMS's static files as the site serves it, and how it compares with the official ones. */
export type BuildFile = { path: string; sha256: string; text: string; check: { status: string } };

/**
 * What the CMS's own static files say whatever the version: a file whose hash belongs to a known
 * backdoored package (records with `files`, kept in the vulnerability data), or a file that adds
 * code to every official release of it, or carries a loader idiom: a backdoored build or a
 * compromised site.
 */
export function buildFileFindings(args: {
  files: BuildFile[];
  records: VulnRecord[];
  set: SignatureSet;
  locale: Locale;
  /** The tampered-build finding's summary in `locale` (`domain.version.tampered`). */
  tamperedText: string;
}): Vulnerability[] {
  const { files, records, set, locale } = args;
  const found: Vulnerability[] = [];
  for (const record of records) {
    if (!record.files) continue;
    const hit = files.filter((f) => record.files?.[f.path]?.includes(f.sha256)).map((f) => f.path);
    if (hit.length > 0) found.push({ ...present(record, locale), match: 'affected', files: hit });
  }
  // A copy that matches no release and adds code, or that carries a loader idiom: a backdoored
  // package or a compromised site.
  const tampered = files
    .filter(
      (f) =>
        f.check.status === 'tampered' || set.scan(f.text, 'js').some((m) => m.signature.role !== 'signal'),
    )
    .map((f) => f.path);
  if (tampered.length > 0) {
    found.push({
      id: 'MACCMS-TAMPERED-BUILD',
      aliases: [],
      summary: args.tamperedText,
      severity: 'critical',
      introduced: '0',
      fixed: null,
      last_affected: null,
      mitigation: '',
      match: 'affected',
      files: tampered,
    });
  }
  return found;
}

export function present(r: VulnRecord, locale: Locale): Omit<Vulnerability, 'match' | 'files'> {
  return {
    id: r.id,
    aliases: r.aliases,
    summary: r.summary[locale === 'en-us' ? 'en-us' : 'zh-cn'],
    severity: r.severity,
    introduced: r.introduced,
    fixed: r.fixed,
    last_affected: r.last_affected,
    mitigation: r.fixed ? '' : (r.mitigation?.[locale === 'en-us' ? 'en-us' : 'zh-cn'] ?? ''),
  };
}
