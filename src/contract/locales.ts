export const LOCALES = ['zh-cn', 'zh-tw', 'en-us'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-cn';

/** The `lang` attribute of a page in each language. */
export const HTML_LANG: Record<Locale, string> = { 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW', 'en-us': 'en-US' };

export const LOCALE_LABELS: Record<Locale, string> = {
  'zh-cn': '简体中文',
  'zh-tw': '繁體中文',
  'en-us': 'English',
};

export function toLocale(value: string | null | undefined): Locale {
  const v = (value ?? '').trim().toLowerCase().replace('_', '-');
  return (LOCALES as readonly string[]).includes(v) ? (v as Locale) : DEFAULT_LOCALE;
}

/** Builds /{locale}/{link}; the fallback language has no prefix, so the default Chinese pages keep their old addresses. */
export function localizedPath(locale: Locale, link: string): string {
  const clean = link.startsWith('/') ? link : `/${link}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}
