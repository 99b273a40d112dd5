import type { KeyOf } from '@/i18n/keys';

/**
 * The one list of the portal's menus. `ready` says whether the page exists yet: entries that are not
 * ready stay visible but show "Coming soon" instead of navigating (they would be 404s). Flip the flag
 * when the page ships.
 */
export type NavItem<Key extends string = string> = {
  key: Key;
  href: string;
  ready: boolean;
  children?: NavItem<Key>[];
};

export const MAIN_NAV: NavItem<KeyOf<'nav'>>[] = [
  { key: 'home', href: '/', ready: true },
  {
    key: 'market',
    href: '/market',
    ready: true,
    children: [{ key: 'devCenter', href: '/market/devCenter', ready: true }],
  },
  { key: 'document', href: '/document', ready: true },
  {
    key: 'domainDetection',
    href: '/domainDetection',
    ready: true,
    children: [
      { key: 'authenticity', href: '/domainDetection?activeIndex=1', ready: true },
      { key: 'vulnerability', href: '/domainDetection?activeIndex=2', ready: true },
      { key: 'injection', href: '/domainDetection?activeIndex=3', ready: true },
    ],
  },
  { key: 'resource', href: '/resource', ready: true },
  { key: 'blog', href: '/blog', ready: true },
  { key: 'helpCenter', href: '/helpCenter', ready: true },
];

/** Developer menu; `admin` entries only for administrators. */
export const DEV_NAV: (NavItem<KeyOf<'devNav'>> & { admin?: boolean })[] = [
  { key: 'home', href: '/market/devCenter', ready: true },
  { key: 'plugins', href: '/market/plug/add', ready: true },
  { key: 'themes', href: '/market/theme/add', ready: true },
  { key: 'resources', href: '/market/resource', ready: true },
  { key: 'feedback', href: '/market/feedback', ready: true },
  { key: 'pluginAudit', href: '/admin/plug', ready: true, admin: true },
  { key: 'themeAudit', href: '/admin/theme', ready: true, admin: true },
  { key: 'sampleAudit', href: '/admin/domainSamples', ready: true, admin: true },
  { key: 'mailQueue', href: '/admin/mail', ready: true, admin: true },
  { key: 'knownReleases', href: '/admin/knownReleases', ready: true, admin: true },
  { key: 'reviewModeration', href: '/admin/reviews', ready: true, admin: true },
];

/** Pages that exist but sit in no menu. */
const OTHER_READY = ['/user'];

const pathOf = (href: string) => href.split(/[?#]/)[0] ?? href;

/** Whether a link may navigate: its path is a ready entry of a menu above. */
export function isReady(href: string): boolean {
  const path = pathOf(href);
  if (OTHER_READY.includes(path)) return true;
  const all = [...MAIN_NAV, ...MAIN_NAV.flatMap((i) => i.children ?? []), ...DEV_NAV];
  return all.some((item) => item.ready && pathOf(item.href) === path);
}

/** Routes that show the developer menu: the developer's, the administrator's and the account's pages. */
export const DEV_ROUTES =
  /^\/(market\/devCenter|market\/plug\/add|market\/theme\/add|market\/resource(\/.*)?|market\/feedback|admin\/.+|user)$/;

/** Routes where the header does not become fixed on scroll but keeps a shadow: long forms and tables, where a fixed header would cover the content. */
export const SHADOW_ROUTES =
  /^\/(blog(\/[^/]+)?|market\/devCenter|market\/theme\/add|market\/plug\/add|market\/resource(\/add)?|market\/feedback|admin\/theme(\/[^/]+)?|admin\/plug(\/[^/]+)?|user)$/;

/** Whether `pathname` is `href` or below it (home matches only itself). */
export function isActive(pathname: string, href: string): boolean {
  const path = pathOf(href);
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
}
