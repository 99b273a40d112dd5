'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import styles from './User.module.css';

/** The card a mailed link lands on: what happened, and where to go next. */
export function LinkResult({
  title,
  text,
  ok,
  children,
}: {
  title: string;
  text: string;
  ok: boolean | null;
  children?: ReactNode;
}) {
  const t = useTranslations('user.links');
  return (
    <section
      className={`${styles.formCard} ${styles.narrow}`}
      aria-labelledby="link-title"
      data-testid="link-result"
    >
      <h2 id="link-title">{title}</h2>
      <p className={ok === false ? styles.resultBad : styles.result} role="status">
        {text}
      </p>
      {children ?? (
        <Link href="/user" className={styles.primaryLink}>
          {t('toAccount')}
        </Link>
      )}
    </section>
  );
}
