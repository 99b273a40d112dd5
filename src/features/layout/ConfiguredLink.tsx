import type { ReactNode } from 'react';
import { NavLink } from './NavLink';

type Props = { href: string; className?: string; children: ReactNode };

/**
 * A link that configuration names (`content/site.json`): a portal page (`/document?menu=log`) keeps
 * the visitor's language like every other link, another site's address is followed as written.
 */
export function ConfiguredLink({ href, className, children }: Props) {
  if (href.startsWith('/') && !href.startsWith('//'))
    return (
      <NavLink href={href} className={className}>
        {children}
      </NavLink>
    );
  return (
    <a href={href} rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
