'use client';

import { useTranslations } from 'next-intl';
import { useAuthDialog } from '@/features/auth/AuthDialogs';
import styles from './Manage.module.css';

/** Resource actions need a login ("Please log in first"). */
export function LoginNeeded() {
  const t = useTranslations('resource.list');
  const { open } = useAuthDialog();
  return (
    <section className={styles.prompt} aria-labelledby="resource-login">
      <h2 id="resource-login">{t('loginTitle')}</h2>
      <p>{t('loginHint')}</p>
      <div className={styles.promptActions}>
        <button type="button" className={styles.primary} onClick={() => open('login')}>
          {t('login')}
        </button>
        <button type="button" className={styles.secondary} onClick={() => open('register')}>
          {t('register')}
        </button>
      </div>
    </section>
  );
}
