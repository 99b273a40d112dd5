import 'server-only';
import type { Report } from '@/contract/developer-output';
import type { Locale } from '@/contract/locales';
import type { ValidationReport } from '../db/schema';
import { translate } from '../http/translate';

/** The validation report as both the developer and the reviewer read it, in their language. */
export function presentReport(report: ValidationReport | null | undefined, locale: Locale): Report | null {
  if (!report) return null;
  return {
    ok: report.ok,
    held: report.held,
    file_name: report.file_name,
    size: report.size,
    folder: report.folder,
    entries: report.entries,
    uncompressed: report.uncompressed,
    checks: report.checks.map((c) => ({
      level: c.level,
      key: c.key,
      file: typeof c.params?.file === 'string' ? c.params.file : '',
      // Scan findings carry their evidence: the line and a bounded snippet of it (plain text).
      line: typeof c.params?.line === 'number' ? c.params.line : 0,
      snippet: typeof c.params?.snippet === 'string' ? c.params.snippet : '',
      via: typeof c.params?.via === 'string' ? c.params.via : '',
      text: translate(locale, `market.report.${c.key}`, { file: '', fn: '', src: '', ...c.params }),
    })),
    info: report.info ?? null,
  };
}
