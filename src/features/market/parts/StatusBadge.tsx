import { useTranslations } from 'next-intl';
import { useKeyText } from '@/i18n/keys';
import styles from '../Market.module.css';

export function StatusBadge({ status, held = false }: { status: number; held?: boolean }) {
  const t = useTranslations('market.status');
  const text = useKeyText('market.status');
  return (
    <span className={`${styles.badge} ${styles[`s${status}`]}`}>
      {text(String(status))}
      {held ? ` · ${t('held')}` : ''}
    </span>
  );
}
