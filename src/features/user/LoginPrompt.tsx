'use client';

import { useTranslations } from 'next-intl';
import { useAuthDialog } from '@/features/auth/AuthDialogs';
import styles from './User.module.css';

/** What the page behind the prompt is for: the title and hint say so. */
const TEXTS = {
  account: { title: 'loginTitle', hint: 'loginHint' },
  developer: { title: 'loginTitleDeveloper', hint: 'loginHintDeveloper' },
  admin: { title: 'loginTitleAdmin', hint: 'loginHintAdmin' },
} as const;

export function LoginPrompt({ area = 'account' }: { area?: keyof typeof TEXTS }) {
  const t = useTranslations('user');
  const text = TEXTS[area];
  const { open } = useAuthDialog();
  return (
    <section className={styles.prompt} aria-labelledby="login-prompt-title">
      <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
        <circle cx="32" cy="32" r="32" fill="#eef4ff" />
        <circle cx="32" cy="26" r="10" fill="#1f6feb" />
        <path d="M14 50c3-9 10-13 18-13s15 4 18 13" fill="#1f6feb" />
      </svg>
      <h2 id="login-prompt-title">{t(text.title)}</h2>
      <p>{t(text.hint)}</p>
      <div className={styles.promptActions}>
        <button type="button" className={styles.primary} onClick={() => open('login')}>
          {t('loginButton')}
        </button>
        <button type="button" className={styles.secondary} onClick={() => open('register')}>
          {t('registerButton')}
        </button>
      </div>
    </section>
  );
}
