import { useTranslations } from 'next-intl';
import styles from './Shell.module.css';

/** The "no data" state of lists and details (spec §2). */
export function Empty({ text }: { text?: string }) {
  const t = useTranslations('common');
  return (
    <div className={styles.empty}>
      <svg viewBox="0 0 184 120" width="160" height="104" aria-hidden="true">
        <ellipse cx="92" cy="106" rx="72" ry="9" fill="#eef1f5" />
        <path d="M40 42l20-24h64l20 24v46a6 6 0 0 1-6 6H46a6 6 0 0 1-6-6z" fill="#f5f7fa" stroke="#cfd6de" />
        <path
          d="M40 42h34a18 10 0 0 0 36 0h34v46a6 6 0 0 1-6 6H46a6 6 0 0 1-6-6z"
          fill="#fff"
          stroke="#cfd6de"
        />
        <path d="M72 60h40M80 70h24" stroke="#dbe1e8" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <p>{text ?? t('empty')}</p>
    </div>
  );
}
