import 'server-only';
import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/contract/locales';
import { MESSAGES } from '@/i18n/messages';

const translators = new Map<Locale, ReturnType<typeof createTranslator>>();

/** Translates a message key for API answers; unknown keys come back unchanged. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator({ locale, messages: MESSAGES[locale] as Record<string, unknown> });
    translators.set(locale, t);
  }
  const fn = t as unknown as { has: (k: string) => boolean } & ((k: string, p?: object) => string);
  return fn.has(key) ? fn(key, params) : key;
}
