'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { domainSubmitSample } from '@/contract/api/domain';
import { SAMPLE_MAX, sampleSchema } from '@/contract/domain';
import { errorText, request } from '@/features/api/client';
import { useToast } from '@/features/common/Toast';
import { useKeyText } from '@/i18n/keys';
import styles from './Domain.module.css';
import { domainParams } from './paths';

type Props = { product: string; open: boolean; onClose: () => void };

/** Feature-sample dialog: domain + content (at most 500 characters); submit disabled until both are filled. */
export function SampleDialog({ product, open, onClose }: Props) {
  const t = useTranslations();
  const text = useKeyText();
  const toast = useToast();
  const ref = useRef<HTMLDialogElement>(null);
  const [domain, setDomain] = useState('');
  const [content, setContent] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  const submit = async () => {
    const parsed = sampleSchema.safeParse({ domain, content });
    if (!parsed.success) return setError(text(parsed.error.issues[0]!.message));
    setBusy(true);
    try {
      const { msg } = await request(domainSubmitSample, parsed.data, domainParams(product).dapi);
      toast(msg, 'success');
      setDomain('');
      setContent('');
      setError('');
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className={styles.dialog} onClose={onClose} aria-labelledby="sample-title">
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 id="sample-title">{t('domain.sample.title')}</h2>
        <p className={styles.meta}>{t('domain.sample.lead')}</p>
        <label className={styles.field}>
          <span>{t('domain.sample.domain')}</span>
          <input
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            placeholder={t('domain.form.placeholder')}
          />
        </label>
        <label className={styles.field}>
          <span>{t('domain.sample.content')}</span>
          <textarea
            value={content}
            maxLength={SAMPLE_MAX}
            rows={6}
            onChange={(e) => setContent(e.target.value)}
            placeholder={t('domain.sample.contentPlaceholder')}
          />
          <small className={styles.counter}>
            {content.length}/{SAMPLE_MAX}
          </small>
        </label>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t('domain.sample.cancel')}
          </button>
          <button
            type="submit"
            className={styles.submit}
            disabled={busy || !domain.trim() || !content.trim()}
          >
            {t('domain.sample.submit')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
