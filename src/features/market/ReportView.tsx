import { useTranslations } from 'next-intl';
import styles from './Market.module.css';
import type { Report } from './upload-file';

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
        {report.checks.map((c) => (
          <li key={`${c.key}-${c.file}`} className={styles[c.level]}>
            <span aria-hidden="true">{MARK[c.level]}</span> {c.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
