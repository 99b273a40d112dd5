import { useTranslations } from 'next-intl';
import type { Report } from '@/contract/developer-output';
import styles from './Market.module.css';
import own from './ReportView.module.css';

const MARK = { pass: '✓', warn: '!', fail: '✕', hold: '⏸' } as const;

/** The validation report of a package, as the developer and the reviewer both see it. */
export function ReportView({ report }: { report: Report | null | undefined }) {
  const t = useTranslations('market.report');
  if (!report) return null;
  return (
    <div className={styles.report} data-testid="validation-report">
      <p className={report.held ? styles.held : styles.passed}>
        {report.held ? t('heldTitle') : t('passedTitle')}
      </p>
      <ul>
        {report.checks.map((c, i) => (
          <li key={`${c.key}-${c.file}-${c.line ?? 0}-${i}`} className={styles[c.level]}>
            <span aria-hidden="true">{MARK[c.level]}</span> {c.text}
            {c.line ? (
              // Evidence is shown as text (React escapes it): a snippet of a webshell must not run here.
              <span className={own.evidence} data-testid="report-evidence">
                {c.file} · {t('evidence', { line: c.line })}
                {c.via ? ` · ${t('via', { file: c.via })}` : null}
                {c.snippet ? <code>{c.snippet}</code> : null}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
