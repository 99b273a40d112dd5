import { useTranslations } from 'next-intl';
import { formatTime } from '@/contract/format';
import type { UserInfo } from '@/contract/user';
import styles from './User.module.css';

export function ProfileCard({ user }: { user: UserInfo }) {
  const t = useTranslations('user');
  const display = user.name || user.email;
  return (
    <aside className={styles.card}>
      <span className={styles.avatar} aria-hidden="true">
        {display.charAt(0).toUpperCase()}
      </span>
      <p className={styles.cardName}>{display}</p>
      <p className={styles.cardEmail}>{user.email}</p>
      <span className={user.email_verified ? styles.verified : styles.unverified}>
        {t(user.email_verified ? 'verified' : 'unverified')}
      </span>
      {user.is_admin && <span className={styles.tag}>{t('admin')}</span>}
      <p className={styles.cardMeta}>{t('memberSince', { date: formatTime(user.create_time, true) })}</p>
    </aside>
  );
}
