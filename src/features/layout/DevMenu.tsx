'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useSession } from '@/features/auth/SessionProvider';
import { usePathname } from '@/i18n/navigation';
import styles from './DevMenu.module.css';
import { MenuLink } from './MenuLink';
import { DEV_NAV, DEV_ROUTES } from './nav';

/** Second bar on developer, admin and user routes for logged-in users, unless `?noDev`. */
export function DevMenu() {
  const t = useTranslations('devNav');
  const pathname = usePathname();
  const params = useSearchParams();
  const { user } = useSession();
  const list = useRef<HTMLUListElement>(null);
  // On a phone the bar scrolls sideways: the current section is brought into view, centred.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the section changes
  useEffect(() => {
    const bar = list.current;
    const current = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !current || bar.scrollWidth <= bar.clientWidth) return;
    bar.scrollLeft = current.offsetLeft - (bar.clientWidth - current.offsetWidth) / 2;
  }, [pathname, user]);
  if (!user || !DEV_ROUTES.test(pathname) || params.has('noDev')) return null;
  const items = DEV_NAV.filter((item) => !item.admin || user.is_admin);
  return (
    <nav aria-label={t('label')} className={styles.bar}>
      <ul className={styles.list} ref={list}>
        {items.map((item) => (
          <li key={item.key}>
            <MenuLink href={item.href} className={styles.link}>
              {t(item.key)}
            </MenuLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
