import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import styles from './Shell.module.css';

export type Crumb = { label: string; href?: string };

/** Breadcrumb and page title bar. The home crumb comes first on its own. */
export function TitleBar({ title, crumbs = [] }: { title: string; crumbs?: Crumb[] }) {
  const t = useTranslations('nav');
  return (
    <div className={styles.titleBar}>
      <div className={styles.titleInner}>
        <nav aria-label={t('breadcrumb')}>
          <ol className={styles.crumbs}>
            <li>
              <Link href="/">{t('home')}</Link>
            </li>
            {crumbs.map((crumb) => (
              <li key={crumb.label}>
                {crumb.href ? <Link href={crumb.href}>{crumb.label}</Link> : crumb.label}
              </li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        <h1 className={styles.title}>{title}</h1>
      </div>
    </div>
  );
}
