export { IntentLink as Link } from './IntentLink';
export { getPathname, redirect, usePathname, useRouter } from './localized-navigation';
