'use client';

import { useTranslations } from 'next-intl';
import type { ComponentProps, ReactNode } from 'react';
import { useToast } from '@/features/common/Toast';
import { Link } from '@/i18n/navigation';
import { isReady } from './nav';

type Props = Omit<ComponentProps<typeof Link>, 'href'> & { href: string; children: ReactNode };

/**
 * A link to a portal page. Pages that are not built yet (see nav.ts) render a button that shows
 * "Coming soon" instead of leading to a 404.
 */
export function NavLink({ href, children, className, onClick, ...rest }: Props) {
  const t = useTranslations('common');
  const toast = useToast();
  if (isReady(href)) {
    return (
      <Link href={href} className={className} onClick={onClick} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <button type="button" className={className} title={t('stayTuned')} onClick={() => toast(t('stayTuned'))}>
      {children}
    </button>
  );
}
