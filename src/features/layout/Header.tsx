'use client';

import { useTranslations } from 'next-intl';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useIsMobile } from '@/features/common/useIsMobile';
import { usePathname } from '@/i18n/navigation';
import { DevMenu } from './DevMenu';
import styles from './Header.module.css';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { MainMenu } from './MainMenu';
import { SHADOW_ROUTES } from './nav';
import { UserArea } from './UserArea';
import { useHeaderFixed } from './useHeaderFixed';

export function Header() {
  const t = useTranslations('header');
  const pathname = usePathname();
  const shadowRoute = SHADOW_ROUTES.test(pathname);
  const fixed = useHeaderFixed(!shadowRoute);
  const mobile = useIsMobile();
  const [menuOpen, setMenuOpen] = useState(false);
  const [height, setHeight] = useState(0);
  const ref = useRef<HTMLElement>(null);
  const close = () => setMenuOpen(false);

  // A new page closes the mobile menu (state adjusted during render, not in an effect).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!fixed && ref.current) setHeight(ref.current.offsetHeight);
  }, [fixed]);

  const classes = [
    styles.header,
    fixed && styles.fixed,
    shadowRoute && styles.shadow,
    mobile && 'mobile-ua',
    menuOpen && styles.open,
  ];
  return (
    <>
      {fixed && <div style={{ height }} aria-hidden="true" />}
      <header ref={ref} className={classes.filter(Boolean).join(' ')}>
        <div className={styles.bar}>
          <Logo />
          <button
            type="button"
            className={styles.burger}
            aria-expanded={menuOpen}
            aria-controls="site-menu"
            aria-label={menuOpen ? t('closeMenu') : t('openMenu')}
            onClick={() => setMenuOpen((v) => !v)}
          >
            <span />
            <span />
            <span />
          </button>
          <div id="site-menu" className={styles.panel}>
            <MainMenu onNavigate={close} />
            <div className={styles.actions}>
              <LanguageSwitch />
              <UserArea onNavigate={close} />
            </div>
          </div>
        </div>
        <Suspense fallback={null}>
          <DevMenu />
        </Suspense>
      </header>
    </>
  );
}
