'use client';

import { useTranslations } from 'next-intl';
import styles from './MainMenu.module.css';
import { MenuLink } from './MenuLink';
import { NavLink } from './NavLink';
import { MAIN_NAV } from './nav';

/** The main menu (nav.ts); sub-items open on hover or focus (and are always listed on mobile). */
export function MainMenu({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslations('nav');
  return (
    <nav aria-label={t('main')} className={styles.nav}>
      <ul className={styles.list}>
        {MAIN_NAV.map((item) => (
          <li key={item.key} className={styles.item}>
            <MenuLink href={item.href} className={styles.link} onClick={onNavigate}>
              {t(item.key)}
              {item.children && (
                <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" className={styles.caret}>
                  <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
                </svg>
              )}
            </MenuLink>
            {item.children && (
              <ul className={styles.sub}>
                {item.children.map((child) => (
                  <li key={child.key}>
                    <NavLink href={child.href} className={styles.subLink} onClick={onNavigate}>
                      {t(child.key)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
