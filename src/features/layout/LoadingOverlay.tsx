'use client';

import { useTranslations } from 'next-intl';
import styles from './Shell.module.css';

/** "内容加载中 请稍后..." over the page while a route loads. */
export function LoadingOverlay() {
  const t = useTranslations('common');
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <p>{t('loading')}</p>
    </div>
  );
}
