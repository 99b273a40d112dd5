'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useRef, useState } from 'react';
import { storePluginDownload, storeThemeDownload } from '@/contract/api/market';
import { formatCount } from '@/contract/format';
import type { Kind } from '@/contract/market';
import { call } from '@/features/api/client';
import { useToast } from '@/features/common/Toast';
import styles from './Store.module.css';

/** Sent on the window once a download started. */
export const DOWNLOADED_EVENT = 'store:downloaded';

const CALL = { plugin: storePluginDownload, theme: storeThemeDownload } satisfies Record<Kind, unknown>;

/**
 * The download action and the download count. A paid item asks for its authorization code first;
 * the server checks it and answers a link that works for an hour.
 */
export function DownloadPanel(props: {
  kind: Kind;
  id: number;
  toll: number;
  name: string;
  downloads: number;
}) {
  const t = useTranslations('store.download');
  const tDetail = useTranslations('store.detail');
  const toast = useToast();
  const dialog = useRef<HTMLDialogElement>(null);
  const [count, setCount] = useState(props.downloads);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function download(code?: string) {
    setBusy(true);
    setError('');
    try {
      const info = await call(CALL[props.kind], { id: props.id, code });
      setCount(info.download_num);
      dialog.current?.close();
      toast(t('started', { file: info.file_name }), 'success');
      const link = document.createElement('a');
      link.href = info.source;
      link.download = info.file_name;
      document.body.append(link);
      link.click();
      link.remove();
      // A logged-in visitor may now review the item (ItemReviews listens).
      window.dispatchEvent(new Event(DOWNLOADED_EVENT));
    } catch (e) {
      const text = e instanceof Error ? e.message : String(e);
      if (dialog.current?.open) setError(text);
      else toast(text, 'error');
    } finally {
      setBusy(false);
    }
  }

  const onCode = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '').trim();
    if (code) void download(code);
  };

  return (
    <div className={styles.downloadBox}>
      <p className={styles.bigCount}>
        <strong data-testid="download-count">{formatCount(count)}</strong>
        <span>{tDetail('downloads')}</span>
      </p>
      <button
        type="button"
        className={styles.downloadButton}
        disabled={busy}
        onClick={() => (props.toll ? dialog.current?.showModal() : download())}
      >
        {busy ? t('busy') : props.toll ? t('paidButton') : t('button')}
      </button>
      {props.toll === 1 && (
        <dialog
          ref={dialog}
          className={styles.dialog}
          aria-labelledby="code-title"
          onClose={() => setError('')}
        >
          <form onSubmit={onCode}>
            <h2 id="code-title">{t('codeTitle')}</h2>
            <p>{t('codeHelp', { name: props.name })}</p>
            <label>
              <span>{t('codeLabel')}</span>
              <input
                name="code"
                required
                maxLength={64}
                autoComplete="off"
                spellCheck={false}
                placeholder={t('codePlaceholder')}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'code-error' : undefined}
              />
            </label>
            {error && (
              <p id="code-error" role="alert" className={styles.error}>
                {error}
              </p>
            )}
            <div className={styles.dialogActions}>
              <button type="button" className={styles.ghost} onClick={() => dialog.current?.close()}>
                {t('cancel')}
              </button>
              <button type="submit" className={styles.primary} disabled={busy}>
                {busy ? t('busy') : t('submit')}
              </button>
            </div>
          </form>
        </dialog>
      )}
    </div>
  );
}
