import 'server-only';
import { type Locale, localizedPath } from '@/contract/locales';
import { siteUrl } from '../config/env';
import { translate } from '../http/translate';

/** An absolute link to a page of the portal in the reader's language. */
export function pageLink(locale: Locale, path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${siteUrl()}${localizedPath(locale, path)}${search ? `?${search}` : ''}`;
}

/** An absolute link to one market item's view in its developer's centre (versions, audits, report). */
export const devItemLink = (locale: Locale, appId: number): string =>
  `${pageLink(locale, '/market/devCenter', { detail: String(appId) })}#detail`;

/** A mail text in the reader's language (`mail.*` keys of messages/<locale>/mail.json). */
export function mailText(locale: Locale) {
  return (key: string, params: Record<string, string | number> = {}) =>
    translate(locale, `mail.${key}`, { site: translate(locale, 'meta.siteName'), ...params });
}
