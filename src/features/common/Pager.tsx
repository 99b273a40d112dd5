import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import styles from './Pager.module.css';

/** Numbered pages around the current one, with previous and next; every page is a link. */
export function Pager({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  const t = useTranslations('common');
  if (pages <= 1) return null;
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return (
    <nav aria-label={t('pager')} className={styles.pager}>
      {page > 1 && (
        <Link href={href(page - 1)} rel="prev">
          {t('prevPage')}
        </Link>
      )}
      {shown.map((n, i) => (
        <span key={n} className={styles.pageGroup}>
          {i > 0 && n - (shown[i - 1] ?? n) > 1 && <span aria-hidden="true">…</span>}
          {n === page ? (
            <span aria-current="page" className={styles.pageCurrent}>
              {n}
            </span>
          ) : (
            <Link href={href(n)} aria-label={t('pageN', { n })}>
              {n}
            </Link>
          )}
        </span>
      ))}
      {page < pages && (
        <Link href={href(page + 1)} rel="next">
          {t('nextPage')}
        </Link>
      )}
    </nav>
  );
}
