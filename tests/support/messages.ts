import type { Locale } from '@/contract/locales';
import { MESSAGES } from '@/i18n/messages';

export const LOCALE_MESSAGES: Record<Locale, Record<string, unknown>> = MESSAGES;

/** The text of a dotted key (`valid.emailRequired`) in one locale's messages. */
export function messageText(locale: Locale, key: string): string {
  let node: unknown = LOCALE_MESSAGES[locale];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No message ${key} in ${locale}`);
  return node;
}
