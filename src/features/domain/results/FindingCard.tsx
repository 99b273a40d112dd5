'use client';

import { useTranslations } from 'next-intl';
import type { Finding } from '@/contract/domain';
import { useScanLabels } from './labels';
import r from './Results.module.css';

const Headers = ({ title, headers }: { title: string; headers: Record<string, string> }) => (
  <div className={r.headers}>
    <h4>{title}</h4>
    <pre>
      {Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n')}
    </pre>
  </div>
);

/**
 * One finding: title, severity, why (every signal), the address decoded, the evidence, where,
 * who got it and who did not, what a tampered file adds, and both header sets side by side.
 */
export function FindingCard({ finding, profileCount }: { finding: Finding; profileCount: number }) {
  const t = useTranslations('domain.finding');
  const result = useTranslations('domain.result');
  const seenBy = finding.profile.split(', ');
  const labels = useScanLabels();
  return (
    <article className={r.finding} data-testid="finding">
      <header className={r.findingHead}>
        <span className={r[`sev_${finding.severity}`]}>{t(finding.severity)}</span>
        <h3>{finding.title}</h3>
      </header>
      <dl className={r.facts}>
        <dt>{t('why')}</dt>
        <dd>
          <ul className={r.signals} data-testid="signals">
            {finding.signals.map((s) => (
              <li key={`${s.id}|${s.text}`} className={s.weight < 0 ? r.signalAgainst : r.signal}>
                {s.text}
              </li>
            ))}
          </ul>
        </dd>
        {finding.decoded_url && (
          <>
            <dt>{t('decodedUrl')}</dt>
            <dd className={r.break}>{finding.decoded_url}</dd>
          </>
        )}
        {!finding.added_code?.startsWith(finding.content) && (
          <>
            <dt>{t('content')}</dt>
            <dd>
              <code className={r.snippet}>{finding.content}</code>
            </dd>
          </>
        )}
        {finding.added_code && (
          <>
            <dt>{t('addedCode')}</dt>
            <dd>
              <code className={`${r.snippet} ${r.added}`}>{finding.added_code}</code>
              {finding.nearest_official && (
                <span className={r.note}>{t('nearest', { versions: finding.nearest_official })}</span>
              )}
            </dd>
          </>
        )}
        <dt>{t('where')}</dt>
        <dd>
          {labels.where(finding.where)}
          {finding.line > 0 && ` · ${t('line', { line: finding.line })}`}
        </dd>
        <dt>{t('asset')}</dt>
        <dd className={r.break}>{finding.asset_url}</dd>
        <dt>{t('profile')}</dt>
        <dd>{seenBy.length === profileCount ? result('allProfiles') : labels.profiles(finding.profile)}</dd>
        {finding.not_seen_by && (
          <>
            <dt>{t('notSeenBy')}</dt>
            <dd>{labels.profiles(finding.not_seen_by)}</dd>
          </>
        )}
        <dt>{t('detectTime')}</dt>
        <dd>{finding.detect_time_text}</dd>
      </dl>
      <div className={r.headerPair}>
        <Headers title={t('requestHeaders')} headers={finding.request_headers} />
        <Headers title={t('responseHeaders')} headers={finding.response_headers} />
      </div>
    </article>
  );
}
