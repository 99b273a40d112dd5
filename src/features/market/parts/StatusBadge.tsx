import { useTranslations } from 'next-intl';
import styles from '../Market.module.css';

export function StatusBadge({ status, held = false }: { status: number; held?: boolean }) {
  const t = useTranslations('market.status');
  return (
    <span className={`${styles.badge} ${styles[`s${status}`]}`}>
      {t(String(status) as never)}
      {held ? ` · ${t('held')}` : ''}
    </span>
  );
}
