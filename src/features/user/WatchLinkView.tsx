'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { userDomainWatchKey } from '@/contract/api/account';
import { errorText, request } from '@/features/api/client';
import { LinkResult } from './LinkResult';
import styles from './User.module.css';

type Props = { linkKey: string; action: 'confirm' | 'unsubscribe' };

/** Links of domain-watch mails: confirming happens on opening; stopping takes a click (link scanners). */
export function WatchLinkView({ linkKey, action }: Props) {
  const t = useTranslations('user.links');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const sent = useRef(false);

  const answer = async (what: Props['action']) => {
    try {
      const { msg } = await request(userDomainWatchKey, { key: linkKey, action: what });
      setResult({ ok: true, text: msg });
    } catch (error) {
      setResult({ ok: false, text: errorText(error) });
    }
  };

  useEffect(() => {
    if (action !== 'confirm' || sent.current) return;
    sent.current = true;
    void answer('confirm');
  });

  if (action === 'unsubscribe' && !result)
    return (
      <LinkResult title={t('watchTitle')} text={t('watchStopHint')} ok={null}>
        <button type="button" className={styles.primary} onClick={() => answer('unsubscribe')}>
          {t('watchStop')}
        </button>
      </LinkResult>
    );
  return <LinkResult title={t('watchTitle')} text={result?.text ?? t('working')} ok={result?.ok ?? null} />;
}
