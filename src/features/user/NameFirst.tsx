import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import styles from './User.module.css';

/**
 * Before a first submission: the market shows items under the developer's public name, and the
 * login email never, so the profile's name comes first.
 */
export function NameFirst() {
  const t = useTranslations('user.nameFirst');
  return (
    <section className={styles.banner} aria-labelledby="name-first-title" data-testid="name-first">
      <h2 id="name-first-title">{t('title')}</h2>
      <p>{t('text')}</p>
      <Link href="/user" className={styles.primary}>
        {t('action')}
      </Link>
    </section>
  );
}
