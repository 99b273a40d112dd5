'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { SampleView } from '@/contract/domain';
import { errorText, requestApi } from '@/features/api/client';
import { useToast } from '@/features/common/Toast';
import { Empty } from '@/features/layout/Empty';
import styles from '../Domain.module.css';

type Props = { product: string; initial: SampleView[] };

/** The review list: each sample's clean-corpus result, and accept (becomes a signature) or reject. */
export function SampleReview({ product, initial }: Props) {
  const t = useTranslations('domain.admin');
  const toast = useToast();
  const [samples, setSamples] = useState(initial);
  const [busy, setBusy] = useState(0);
  const act = async (id: number, action: 'accept' | 'reject') => {
    setBusy(id);
    try {
      const { msg } = await requestApi(`/dapi/${product}pro/sample_review`, { id, action });
      const { info } = await requestApi<{ list: SampleView[] }>(`/dapi/${product}pro/sample_list`);
      setSamples(info.list);
      toast(msg, 'success');
    } catch (e) {
      toast(errorText(e), 'error');
    } finally {
      setBusy(0);
    }
  };
  if (samples.length === 0) return <Empty text={t('empty')} />;
  return (
    <div className={styles.page}>
      {samples.map((s) => {
        const safe = s.corpus_hits.length === 0 && !s.too_short;
        return (
          <article key={s.id} className={styles.finding} data-testid="sample">
            <header className={styles.findingHead}>
              <h3>{s.domain}</h3>
              <span className={styles.meta}>
                {s.create_time_text} · {t(`status.${s.status}`)}
              </span>
            </header>
            <code className={styles.snippet}>{s.content}</code>
            <p className={safe ? styles.meta : styles.error}>
              {s.too_short
                ? t('tooShortNote')
                : safe
                  ? t('corpusClean')
                  : t('corpusHits', { files: s.corpus_hits.join(', ') })}
            </p>
            {s.status === 'pending' && (
              <div className={styles.actions}>
                <button
                  type="button"
                  className={styles.submit}
                  disabled={!safe || busy === s.id}
                  onClick={() => void act(s.id, 'accept')}
                >
                  {t('accept')}
                </button>
                <button
                  type="button"
                  className={styles.secondary}
                  disabled={busy === s.id}
                  onClick={() => void act(s.id, 'reject')}
                >
                  {t('reject')}
                </button>
              </div>
            )}
          </article>
        );
      })}
    </div>
  );
}
