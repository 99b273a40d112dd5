'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { errorText } from '@/features/api/client';
import { useSession } from '@/features/auth/SessionProvider';
import { LinkResult } from './LinkResult';
import styles from './User.module.css';

/**
 * The link of a login mail. It logs in only when the reader presses the button: a mail scanner that
 * opens links must not use up the link (or sign itself in).
 */
export function LoginLinkView({ token }: { token: string }) {
  const t = useTranslations('user.links');
  const { loginWithLink } = useSession();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  if (result) return <LinkResult title={t('loginTitle')} text={result.text} ok={result.ok} />;

  const submit = async () => {
    setBusy(true);
    try {
      setResult({ ok: true, text: await loginWithLink(token) });
    } catch (error) {
      setResult({ ok: false, text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <LinkResult title={t('loginTitle')} text={t('loginHint')} ok={null}>
      <button type="button" className={styles.primary} onClick={submit} disabled={busy}>
        {t('loginSubmit')}
      </button>
    </LinkResult>
  );
}
