/**
 * Languages an item can support, each named in its own language: the CMS admin prints the list as it
 * comes (its "supported languages" line), whatever the admin's own language.
 */
export const ITEM_LANGUAGES = {
  'zh-cn': '简体中文',
  'zh-tw': '繁體中文',
  'en-us': 'English',
  ja: '日本語',
  ko: '한국어',
  vi: 'Tiếng Việt',
  th: 'ไทย',
  id: 'Bahasa Indonesia',
  ms: 'Bahasa Melayu',
  es: 'Español',
  pt: 'Português',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  ar: 'العربية',
} as const;
export type ItemLanguage = keyof typeof ITEM_LANGUAGES;
export const ITEM_LANGUAGE_CODES = Object.keys(ITEM_LANGUAGES) as [ItemLanguage, ...ItemLanguage[]];

export const languageNames = (codes: readonly string[]) =>
  codes.map((c) => ITEM_LANGUAGES[c as ItemLanguage] ?? c).join(', ');
