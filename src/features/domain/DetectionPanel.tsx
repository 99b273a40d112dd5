'use client';

import { useTranslations } from 'next-intl';
import type { DetectionMode, InjectListInfo, SiteHistoryInfo } from '@/contract/domain';
import { DOMAIN_INPUT_MAX } from '@/contract/domain';
import { CheckProgress } from './CheckProgress';
import styles from './Domain.module.css';
import { InjectMonitor } from './InjectMonitor';
import { AuthenticityResult } from './results/AuthenticityResult';
import { InjectResult } from './results/InjectResult';
import { VersionResult } from './results/VersionResult';
import { SiteRecord } from './SiteRecord';
import { StoredAge } from './StoredAge';
import { useDetection } from './useDetection';

type Props = {
  mode: DetectionMode;
  product: string;
  initialStats: InjectListInfo | null;
  /** A shared link's site (`?domain=`): its stored record, shown until a new check. */
  initialRecord?: SiteHistoryInfo | null;
  official: string[];
};

/** The domain field (http or https, default http), the check button and the result of one mode. */
export function DetectionPanel({ mode, product, initialStats, initialRecord = null, official }: Props) {
  const t = useTranslations('domain');
  const d = useDetection(mode, product, initialStats, initialRecord);
  const stored = mode === 3 && !d.outcome && !d.busy ? d.record?.latest : null;
  const inject = d.outcome?.mode === 3 ? d.outcome : null;
  return (
    <>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void d.run(d.domain, d.protocol);
        }}
        noValidate
      >
        <select
          aria-label={t('form.protocol')}
          className={styles.protocol}
          value={d.protocol}
          onChange={(e) => d.setProtocol(e.target.value as 'http' | 'https')}
        >
          <option value="http">http://</option>
          <option value="https">https://</option>
        </select>
        <input
          aria-label={t('form.domain')}
          className={styles.input}
          value={d.domain}
          maxLength={DOMAIN_INPUT_MAX + 8}
          placeholder={t('form.placeholder')}
          onChange={(e) => d.setDomain(e.target.value)}
          autoComplete="url"
          inputMode="url"
        />
        <button type="submit" className={styles.submit} disabled={d.busy} aria-busy={d.busy}>
          {d.busy ? t('form.checking') : t('form.submit')}
        </button>
      </form>
      {d.busy && mode === 3 && <p className={styles.busyNote}>{t('form.busy')}</p>}
      {d.busy && mode === 3 && <CheckProgress progress={d.progress} />}
      {mode === 1 && !d.outcome && (
        <p className={styles.officialChips}>
          {t('result.officialList')}
          {official.map((o) => (
            <a key={o} href={`https://www.${o}`} rel="noopener noreferrer">
              {o}
            </a>
          ))}
        </p>
      )}
      {d.error && (
        <p className={styles.error} role="alert">
          {d.error}
        </p>
      )}
      <div aria-live="polite">
        {d.outcome?.mode === 1 && <AuthenticityResult info={d.outcome.info} />}
        {d.outcome?.mode === 2 && <VersionResult info={d.outcome.info} />}
        {inject?.stored && (
          <StoredAge
            checkTime={inject.info.check_time}
            busy={d.busy}
            onRecheck={() => void d.run(inject.info.url, 'http', true)}
          />
        )}
        {d.outcome?.mode === 3 && <InjectResult info={d.outcome.info} />}
        {stored && <InjectResult info={stored} />}
      </div>
      {mode === 3 && d.record && (
        <SiteRecord
          record={d.record}
          busy={d.busy}
          onRecheck={() => void d.run(d.record?.url || d.record?.domain || '', 'http', true)}
        />
      )}
      {mode === 3 && d.stats && (
        <InjectMonitor
          product={product}
          stats={d.stats}
          busy={d.busy}
          onCheck={(url) => void d.run(url, 'http')}
        />
      )}
    </>
  );
}
