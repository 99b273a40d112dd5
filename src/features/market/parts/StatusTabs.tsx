import { useTranslations } from 'next-intl';
import { STATUS_FILTERS } from '@/contract/market';
import { Link } from '@/i18n/navigation';
import styles from '../Market.module.css';

/** All / Under review / Normal / Audit failed / Released, as links so the list renders on the server. */
export function StatusTabs({
  href,
  current,
  param = 'status',
  all,
}: {
  href: string;
  current: string;
  param?: string;
  /** The parameter's value for "all" when leaving it out means something else (the review queue). */
  all?: string;
}) {
  const t = useTranslations('market.filter');
  return (
    <nav className={styles.tabs} aria-label={t('label')}>
      {STATUS_FILTERS.map((s) => (
        <Link
          key={s || 'all'}
          href={s || all ? `${href}${href.includes('?') ? '&' : '?'}${param}=${s || all}` : href}
          aria-current={s === current ? 'page' : undefined}
          scroll={false}
        >
          {t(s || 'all')}
        </Link>
      ))}
    </nav>
  );
}
