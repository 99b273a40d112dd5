import { useTranslations } from 'next-intl';
import styles from './Shell.module.css';

/**
 * The one empty state: the no-data picture and "Nothing here yet", with an
 * optional hint saying why. `compact` for small places (a dropdown, a side list). antd components
 * get it through AntdShell's `renderEmpty`, so none shows the library's own "No data".
 */
export function Empty({ hint, compact = false }: { hint?: string; compact?: boolean }) {
  const t = useTranslations('common');
  const width = compact ? 92 : 160;
  return (
    <div className={compact ? `${styles.empty} ${styles.emptyCompact}` : styles.empty} data-testid="empty">
      <svg viewBox="0 0 184 120" width={width} height={(width * 120) / 184} aria-hidden="true">
        <ellipse cx="92" cy="106" rx="72" ry="9" fill="#eef1f5" />
        <path d="M40 42l20-24h64l20 24v46a6 6 0 0 1-6 6H46a6 6 0 0 1-6-6z" fill="#f5f7fa" stroke="#cfd6de" />
        <path
          d="M40 42h34a18 10 0 0 0 36 0h34v46a6 6 0 0 1-6 6H46a6 6 0 0 1-6-6z"
          fill="#fff"
          stroke="#cfd6de"
        />
        <path d="M72 60h40M80 70h24" stroke="#dbe1e8" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <p>{t('empty')}</p>
      {hint && <p className={styles.emptyHint}>{hint}</p>}
    </div>
  );
}
