import { z } from 'zod';
import { severitySchema } from './domain';

const vulnSeveritySchema = z.union([severitySchema, z.literal('critical')]);

/** One vulnerability record, OSV-style: affected from `introduced` up to `fixed` (exclusive) or `last_affected`. */
export type VulnRecord = {
  id: string;
  aliases: string[];
  summary: { 'zh-cn': string; 'en-us': string };
  severity: z.infer<typeof vulnSeveritySchema>;
  line: 'v8' | 'v10';
  introduced: string;
  fixed: string | null;
  last_affected: string | null;
  references: string[];
  /**
   * A known backdoored build: SHA-256 of static files as its package ships them. A record with
   * `files` matches by these hashes only, never by version.
   */
  files?: Record<string, string[]>;
  /** What to do while no fixed version exists; every record without `fixed` (and without `files`) has one. */
  mitigation?: { 'zh-cn': string; 'en-us': string };
};

/** One of the CMS's static files on the site, against the official release files. */
const staticFileCheckSchema = z.object({
  path: z.string(),
  /** `official`: an exact copy; `tampered`: matches none, `added` shows what it adds; `unknown`: no official copy to compare. */
  status: z.enum(['official', 'tampered', 'unknown']),
  /** For an official copy: the versions that ship it. For a tampered one: the nearest official file's. */
  versions: z.array(z.string()),
  added: z.string(),
});
export type StaticFileCheck = z.infer<typeof staticFileCheckSchema>;

/** `check_version` answer. */
export const versionInfoSchema = z.object({
  url: z.string(),
  domain: z.string(),
  is_cms: z.boolean(),
  /** What showed it is the CMS (an inline `var maccms`, `MacPlayerConfig`, `var MAC=`...). */
  evidence: z.array(z.string()),
  version_from: z.string().nullable(),
  version_to: z.string().nullable(),
  confidence: z.enum(['high', 'medium', 'low']).nullable(),
  verdict: z.enum(['not_cms', 'unknown', 'safe', 'possibly_affected', 'affected']),
  /** The static files fetched and what each turned out to be (the version range comes from the official ones). */
  static_files: z.array(staticFileCheckSchema),
  vulnerabilities: z.array(
    z.object({
      id: z.string(),
      aliases: z.array(z.string()),
      summary: z.string(),
      severity: vulnSeveritySchema,
      introduced: z.string(),
      fixed: z.string().nullable(),
      last_affected: z.string().nullable(),
      /** While no fixed version exists: what the site owner can do; '' when `fixed` says where it is fixed. */
      mitigation: z.string(),
      match: z.enum(['affected', 'possibly_affected']),
      /** The static files that matched (hash of a backdoored build, or injected code); empty for version ranges. */
      files: z.array(z.string()),
    }),
  ),
  check_time: z.number().int(),
  check_time_text: z.string(),
});
export type VersionInfo = z.infer<typeof versionInfoSchema>;

/**
 * What the check advises, from the records alone: the version that fixes every matched
 * vulnerability that has a fix, and the ones with no fix published yet (each with its mitigation).
 * Findings in the site's files (`files`) are not version advice: official files replace them.
 */
export function versionAdvice(vulns: VersionInfo['vulnerabilities']) {
  const byVersion = vulns.filter((v) => v.files.length === 0);
  const fixes = byVersion.flatMap((v) => (v.fixed ? [v.fixed] : []));
  const upgradeTo = fixes.reduce<string | null>((a, b) => (a && compareVersions(a, b) >= 0 ? a : b), null);
  return {
    upgradeTo,
    unfixed: byVersion.filter((v) => !v.fixed),
    files: vulns.some((v) => v.files.length > 0),
  };
}

/** `2025.1000.4052` compared as integer tuples. */
export function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
