'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { domainSampleList, domainSampleReview } from '@/contract/api/domain';
import type { SampleView, Severity } from '@/contract/domain';
import { call, errorText, failureKind, request } from '@/features/api/client';
import { useToast } from '@/features/common/Toast';
import { Empty } from '@/features/layout/Empty';
import { useKeyText } from '@/i18n/keys';
import styles from '../Domain.module.css';
import { domainParams } from '../paths';
import r from '../results/Results.module.css';

type Props = { product: string; initial: SampleView[]; corpusFiles: number };
const SEVERITIES: Severity[] = ['high', 'medium', 'low'];

/** The review list: each sample's clean-corpus result, and accept (becomes a signature) or reject. */
export function SampleReview({ product, initial, corpusFiles }: Props) {
  const t = useTranslations('domain');
  const text = useKeyText('domain');
  const toast = useToast();
  const [samples, setSamples] = useState(initial);
  const [busy, setBusy] = useState(0);
  const [severity, setSeverity] = useState<Record<number, Severity>>({});
  const act = async (id: number, action: 'accept' | 'reject') => {
    setBusy(id);
    try {
      const payload = { id, action, severity: severity[id] ?? 'high' };
      const { dapi } = domainParams(product);
      const { msg } = await request(domainSampleReview, payload, dapi);
      setSamples((await call(domainSampleList, {}, dapi)).list);
      toast(msg, 'success');
    } catch (e) {
      toast(errorText(e), failureKind(e));
    } finally {
      setBusy(0);
    }
  };
  return (
    <div className={styles.page}>
      <section className={styles.adminCard}>
        <p className={styles.intro}>{t('admin.intro', { files: corpusFiles })}</p>
        {samples.length === 0 && <Empty hint={t('admin.empty')} />}
        {samples.map((s) => {
          const safe = s.corpus_hits.length === 0 && !s.too_short;
          return (
            <article key={s.id} className={r.finding} data-testid="sample">
              <header className={r.findingHead}>
                <span className={styles[`status_${s.status}`]}>{text(`admin.status.${s.status}`)}</span>
                <h3>{s.domain}</h3>
                <span className={styles.meta}>{s.create_time_text}</span>
              </header>
              <code className={r.snippet}>{s.content}</code>
              <p className={safe ? styles.passed : styles.error}>
                {s.too_short
                  ? t('admin.tooShortNote')
                  : safe
                    ? t('admin.corpusClean')
                    : t('admin.corpusHits', { files: s.corpus_hits.join(', ') })}
              </p>
              {s.status === 'pending' && (
                <div className={styles.actions}>
                  <label className={styles.inline}>
                    {t('admin.severity')}
                    <select
                      value={severity[s.id] ?? 'high'}
                      disabled={!safe}
                      onChange={(e) => setSeverity({ ...severity, [s.id]: e.target.value as Severity })}
                    >
                      {SEVERITIES.map((v) => (
                        <option key={v} value={v}>
                          {t(`finding.${v}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button
                    type="button"
                    className={styles.submit}
                    disabled={!safe || busy === s.id}
                    onClick={() => void act(s.id, 'accept')}
                  >
                    {t('admin.accept')}
                  </button>
                  <button
                    type="button"
                    className={styles.secondary}
                    disabled={busy === s.id}
                    onClick={() => void act(s.id, 'reject')}
                  >
                    {t('admin.reject')}
                  </button>
                </div>
              )}
            </article>
          );
        })}
      </section>
    </div>
  );
}
