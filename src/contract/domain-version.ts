import type { Severity } from './domain';

/** One vulnerability record, OSV-style: affected from `introduced` up to `fixed` (exclusive) or `last_affected`. */
export type VulnRecord = {
  id: string;
  aliases: string[];
  summary: { 'zh-cn': string; 'en-us': string };
  severity: Severity | 'critical';
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
};

/** One of the CMS's static files on the site, against the official release files. */
export type StaticFileCheck = {
  path: string;
  /** `official`: an exact copy; `tampered`: matches none, `added` shows what it adds; `unknown`: no official copy to compare. */
  status: 'official' | 'tampered' | 'unknown';
  /** For an official copy: the versions that ship it. For a tampered one: the nearest official file's. */
  versions: string[];
  added: string;
};

export type VersionVerdict = 'not_cms' | 'unknown' | 'safe' | 'possibly_affected' | 'affected';

/** `check_version` answer. */
export type VersionInfo = {
  url: string;
  domain: string;
  is_cms: boolean;
  /** What showed it is the CMS (an inline `var maccms`, `MacPlayerConfig`, `var MAC=`...). */
  evidence: string[];
  version_from: string | null;
  version_to: string | null;
  confidence: 'high' | 'medium' | 'low' | null;
  verdict: VersionVerdict;
  /** The static files fetched and what each turned out to be (the version range comes from the official ones). */
  static_files: StaticFileCheck[];
  vulnerabilities: {
    id: string;
    aliases: string[];
    summary: string;
    severity: VulnRecord['severity'];
    introduced: string;
    fixed: string | null;
    last_affected: string | null;
    match: 'affected' | 'possibly_affected';
    /** The static files that matched (hash of a backdoored build, or injected code); empty for version ranges. */
    files: string[];
  }[];
  check_time: number;
  check_time_text: string;
};
