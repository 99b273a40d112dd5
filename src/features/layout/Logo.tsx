import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import styles from './Header.module.css';

export function Logo() {
  const t = useTranslations('meta');
  return (
    <Link href="/" className={styles.logo} aria-label={t('siteName')}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#1f6feb" />
        <path d="M12 9.5v13l11-6.5z" fill="#fff" />
      </svg>
      <span className={styles.logoName}>
        MacCMS <b>Pro</b>
      </span>
    </Link>
  );
}
