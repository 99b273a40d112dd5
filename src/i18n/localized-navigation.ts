import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/** next-intl's navigation for the portal's locales; pages use navigation.ts, whose Link prefetches on intent. */
export const {
  Link: LocalizedLink,
  redirect,
  usePathname,
  useRouter,
  getPathname,
} = createNavigation(routing);
