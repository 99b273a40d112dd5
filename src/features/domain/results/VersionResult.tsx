'use client';

import { useTranslations } from 'next-intl';
import { type VersionInfo, versionAdvice } from '@/contract/domain-version';
import styles from '../Domain.module.css';
import r from './Results.module.css';

/** The estimated version range with its confidence, and the vulnerabilities that match it. */
export function VersionResult({ info }: { info: VersionInfo }) {
  const t = useTranslations('domain.version');
  // Records say `fixed`, or only the last affected build (`2018.9999.9999`: every 2018 build).
  const fixText = (v: VersionInfo['vulnerabilities'][number]) => {
    if (v.fixed) return t('fixedIn', { version: v.fixed });
    const year = /^(\d{4})\.9999\.9999$/.exec(v.last_affected ?? '')?.[1];
    const affected = year
      ? t('upToYear', { year })
      : v.last_affected
        ? t('upTo', { version: v.last_affected })
        : '';
    return [affected, t('noFix')].filter(Boolean).join(' · ');
  };
  const advice = versionAdvice(info.vulnerabilities);
  const bad = info.verdict === 'affected' || info.verdict === 'possibly_affected';
  const range =
    info.version_from && info.version_to
      ? info.version_from === info.version_to
        ? info.version_from
        : t('range', { from: info.version_from, to: info.version_to })
      : null;
  return (
    <div
      className={bad ? r.resultBad : info.verdict === 'safe' ? r.resultGood : r.resultNeutral}
      data-testid="result"
    >
      <p className={r.verdict}>{t(`verdict.${info.verdict}`)}</p>
      {bad && advice.upgradeTo && <p>{t('upgradeTo', { version: advice.upgradeTo })}</p>}
      {bad && advice.unfixed.length > 0 && <p>{t('noFixAdvice')}</p>}
      {bad && advice.files && <p>{t('overwrite')}</p>}
      {info.is_cms && (
        <p>
          {range
            ? t('estimated', { range, confidence: t(`confidence.${info.confidence ?? 'low'}`) })
            : t('noRange')}
        </p>
      )}
      {info.verdict === 'unknown' && <p>{t('unknownHint')}</p>}
      {info.evidence.length > 0 && (
        <p className={styles.meta}>{t('evidence', { list: info.evidence.join(' · ') })}</p>
      )}
      {info.vulnerabilities.length > 0 && (
        <ul className={r.vulns}>
          {info.vulnerabilities.map((v) => (
            <li key={v.id}>
              <span className={r[`sev_${v.severity === 'critical' ? 'high' : v.severity}`]}>
                {t(`severity.${v.severity}`)}
              </span>{' '}
              {v.aliases[0] && <strong>{v.aliases[0]} </strong>}
              {v.summary}{' '}
              <span className={styles.meta}>
                {v.files.length > 0 ? t('inFiles', { files: v.files.join(', ') }) : fixText(v)}
                {v.match === 'possibly_affected' && ` · ${t('possibly')}`}
              </span>
              {v.mitigation && (
                <span className={r.mitigation}>{t('mitigation', { text: v.mitigation })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {info.static_files.length > 0 && (
        <details className={r.details} open={info.static_files.some((f) => f.status === 'tampered')}>
          <summary>{t('staticFiles')}</summary>
          <ul className={r.staticFiles} data-testid="static-files">
            {info.static_files.map((f) => (
              <li key={f.path} className={r.staticFile}>
                <strong>{f.path}</strong> ·{' '}
                {f.status === 'official'
                  ? t('fileOfficial', { versions: f.versions.join(', ') })
                  : f.status === 'tampered'
                    ? t('fileTampered', { versions: f.versions.join(', ') || '-' })
                    : t('fileUnknown')}
                {f.added && <code className={`${r.snippet} ${r.added}`}>{f.added}</code>}
              </li>
            ))}
          </ul>
        </details>
      )}
      <p className={styles.meta}>{t('checkedAt', { time: info.check_time_text })}</p>
    </div>
  );
}
