'use client';

import type { ComponentProps } from 'react';
import { usePathname } from '@/i18n/navigation';
import { NavLink } from './NavLink';
import { isActive } from './nav';

/** A menu bar's link, marked as the current page (aria-current) while the visitor is in its section. */
export function MenuLink(props: ComponentProps<typeof NavLink>) {
  const pathname = usePathname();
  return <NavLink aria-current={isActive(pathname, props.href) ? 'page' : undefined} {...props} />;
}
