'use client';

import { useTranslations } from 'next-intl';
import { BACKDOOR_POST_PATH } from '@/contract/content';
import type { InjectInfo } from '@/contract/domain';
import { WatchDomain } from '@/features/user/WatchDomain';
import { Link } from '@/i18n/navigation';
import styles from '../Domain.module.css';
import { FindingCard } from './FindingCard';
import { useScanLabels } from './labels';
import r from './Results.module.css';

/**
 * "Domain not flagged as injected", "Partially checked" (with what the limits cut), or each
 * finding with its reasons and evidence, the fix and the tutorial. Low findings (a modified but
 * harmless static file) are notes, not injected code.
 */
export function InjectResult({ info }: { info: InjectInfo }) {
  const t = useTranslations('domain.result');
  const status = useTranslations('domain.profileStatus');
  const labels = useScanLabels();
  const reached = info.profiles.filter((p) => !p.error).length;
  const hops = groupRedirects(info.redirects);
  const serious = info.findings.filter((f) => f.severity !== 'low');
  const notes = info.findings.filter((f) => f.severity === 'low');
  const partial = info.status === 'partial';
  const card = (f: InjectInfo['findings'][number]) => (
    <FindingCard
      key={`${f.signature_id}|${f.asset_url}|${f.offset}|${f.decoded_url}`}
      finding={f}
      profileCount={info.profiles.length}
    />
  );
  return (
    <div
      className={info.injected ? r.resultBad : partial ? r.resultNeutral : r.resultGood}
      data-testid="result"
    >
      <p className={r.verdict}>{info.injected ? t('injected') : partial ? t('partial') : t('notFlagged')}</p>
      {info.injected && (
        <>
          <p>{t('injectedText', { count: serious.length, domain: info.domain })}</p>
          <p className={styles.actions}>
            <a href="#download" className={styles.primaryLink}>
              {t('download')}
            </a>
            <Link href={BACKDOOR_POST_PATH} className={styles.link}>
              {t('tutorial')}
            </Link>
          </p>
        </>
      )}
      {!info.injected && !partial && (
        <p>{t('notFlaggedText', { domain: info.domain, profiles: reached, assets: info.assets_scanned })}</p>
      )}
      {partial && <p>{t('partialText', { domain: info.domain })}</p>}
      {info.limits.length > 0 && (
        <ul className={r.limits} data-testid="limits">
          {info.limits.map((l) => (
            <li key={`${l.what}|${l.url}`} className={r.limit}>
              {l.text}
            </li>
          ))}
        </ul>
      )}
      <p className={styles.meta}>{t('checkedAt', { time: info.check_time_text })}</p>
      <WatchDomain domain={info.domain} />
      {serious.map(card)}
      {notes.length > 0 && (
        <details className={r.details} open={!info.injected}>
          <summary>
            {t('lowFindings')} ({notes.length})
          </summary>
          {notes.map(card)}
        </details>
      )}
      {hops.length > 0 && (
        <details className={r.details}>
          <summary>
            {t('redirects')} ({hops.length})
          </summary>
          <ul className={r.redirects}>
            {hops.map((r) => (
              <li key={`${r.from}|${r.to}|${r.kind}`}>
                {r.from} → {r.to} <span className={styles.meta}>({labels.redirectKind(r.kind)})</span>
                <br />
                <span className={styles.meta}>
                  {r.profiles.length === info.profiles.length
                    ? t('allProfiles')
                    : r.profiles.map(labels.profile).join(t('separator'))}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <details className={r.details}>
        <summary>
          {t('profiles')} ({reached}/{info.profiles.length})
        </summary>
        <ul className={r.profileList}>
          {info.profiles.map((p) => (
            <li key={p.name}>
              <span>{labels.profile(p.name)}</span>
              <span className={p.error ? r.profileFailed : styles.meta}>
                {p.error ? status('failed') : status('ok', { status: p.status })}
              </span>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

/** The same hop seen by several profiles is one line, with who saw it. */
function groupRedirects(redirects: InjectInfo['redirects']) {
  const byHop = new Map<string, { from: string; to: string; kind: string; profiles: string[] }>();
  for (const r of redirects) {
    const key = `${r.from}|${r.to}|${r.kind}`;
    const hop = byHop.get(key) ?? { from: r.from, to: r.to, kind: r.kind, profiles: [] };
    if (!hop.profiles.includes(r.profile)) hop.profiles.push(r.profile);
    byHop.set(key, hop);
  }
  return [...byHop.values()];
}
