'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import {
  developerAppDownload,
  developerGetAuthCode,
  developerSetPublish,
  developerVerifyAuthCode,
} from '@/contract/api/developer';
import type { AuthCodes } from '@/contract/developer-output';
import { KIND_SEGMENT, type Kind } from '@/contract/market';
import { call, errorText, failureKind, request } from '@/features/api/client';
import { copyText } from '@/features/common/copy-text';
import { useToast } from '@/features/common/Toast';
import { Link, useRouter } from '@/i18n/navigation';
import styles from '../Market.module.css';

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
  const [code, setCode] = useState<AuthCodes | null>(null);
  const run = async <T,>(work: Promise<T>, then: (answer: T) => void) => {
    try {
      then(await work);
    } catch (error) {
      toast(errorText(error), failureKind(error));
    }
  };
  const copy = async (text: string) => {
    if (await copyText(text)) toast(t('copied'), 'success');
    else toast(t('copyFailed'), 'error');
  };
  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    await run(request(developerVerifyAuthCode, { id, code: value }), ({ msg }) => toast(msg, 'success'));
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
            run(request(developerSetPublish, { id }), ({ msg }) => {
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
          onClick={() => run(call(developerGetAuthCode, { id }), setCode)}
        >
          {t('authCode')}
        </button>
      )}
      <button
        type="button"
        className={styles.linkButton}
        onClick={() =>
          run(request(developerAppDownload, { id }), ({ info, msg }) => {
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
