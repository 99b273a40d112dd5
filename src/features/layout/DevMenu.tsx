'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useSession } from '@/features/auth/SessionProvider';
import { usePathname } from '@/i18n/navigation';
import styles from './DevMenu.module.css';
import { NavLink } from './NavLink';
import { DEV_NAV, DEV_ROUTES, isActive } from './nav';

/** Second bar on developer, admin and user routes for logged-in users, unless `?noDev` (spec §2). */
export function DevMenu() {
  const t = useTranslations('devNav');
  const pathname = usePathname();
  const params = useSearchParams();
  const { user } = useSession();
  if (!user || !DEV_ROUTES.test(pathname) || params.has('noDev')) return null;
  const items = DEV_NAV.filter((item) => !item.admin || user.is_admin);
  return (
    <nav aria-label={t('label')} className={styles.bar}>
      <ul className={styles.list}>
        {items.map((item) => {
          const active = isActive(pathname, item.href);
          return (
            <li key={item.key}>
              <NavLink href={item.href} className={styles.link} aria-current={active ? 'page' : undefined}>
                {t(item.key)}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
