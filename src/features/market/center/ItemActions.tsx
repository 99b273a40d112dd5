'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { KIND_SEGMENT, type Kind } from '@/contract/market';
import { errorText, requestApi } from '@/features/api/client';
import { copyText } from '@/features/common/copy-text';
import { useToast } from '@/features/common/Toast';
import { Link, useRouter } from '@/i18n/navigation';
import styles from '../Market.module.css';

type Code = { name: string; num: number; code: string };

/** Per-item actions of the developer centre: edit or update, release, licence codes, download. */
export function ItemActions({
  id,
  kind,
  status,
  toll,
}: {
  id: number;
  kind: Kind;
  status: number;
  toll: number;
}) {
  const t = useTranslations('market.center');
  const toast = useToast();
  const router = useRouter();
  const [code, setCode] = useState<Code | null>(null);
  const run = async (path: string, then: (info: never, msg: string) => void) => {
    try {
      const { info, msg } = await requestApi<never>(path, { id });
      then(info, msg);
    } catch (error) {
      toast(errorText(error), 'error');
    }
  };
  const copy = async (text: string) => {
    if (await copyText(text)) toast(t('copied'), 'success');
    else toast(t('copyFailed'), 'error');
  };
  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    try {
      const { msg } = await requestApi('/api/developer/verify_auth_code', { id, code: value });
      toast(msg, 'success');
    } catch (error) {
      toast(errorText(error), 'error');
    }
  };
  return (
    <div className={styles.actions}>
      {(status === 2 || status === 3) && (
        <Link href={`/market/${KIND_SEGMENT[kind]}/add?id=${id}`}>
          {status === 2 ? t('edit') : t('update')}
        </Link>
      )}
      {status === 1 && (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() =>
            run('/api/developer/set_publish', (_i, msg) => {
              toast(msg, 'success');
              router.refresh();
            })
          }
        >
          {t('publish')}
        </button>
      )}
      {toll === 1 && (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => run('/api/developer/get_auth_code', (info: Code) => setCode(info))}
        >
          {t('authCode')}
        </button>
      )}
      <button
        type="button"
        className={styles.linkButton}
        onClick={() =>
          run('/api/developer/app_download', (info: { source: string }, msg) => {
            window.open(info.source, '_blank', 'noopener');
            toast(msg, 'success');
          })
        }
      >
        {t('download')}
      </button>
      {code && (
        <div className={styles.codeBox} role="dialog" aria-label={t('authCode')}>
          <span>
            {code.name} · {t('generated', { n: code.num })}
          </span>
          <code data-testid="auth-code">{code.code}</code>
          <button type="button" className={styles.linkButton} onClick={() => copy(code.code)}>
            {t('copy')}
          </button>
          <button type="button" className={styles.linkButton} onClick={() => setCode(null)}>
            {t('close')}
          </button>
          <form className={styles.verify} onSubmit={verify}>
            <label>
              <span>{t('verifyLabel')}</span>
              <input
                name="code"
                required
                maxLength={64}
                autoComplete="off"
                placeholder="XXXX-XXXX-XXXX-XXXX"
              />
            </label>
            <button type="submit" className={styles.linkButton}>
              {t('verify')}
            </button>
          </form>
        </div>
      )}
    </div>
  );
}
