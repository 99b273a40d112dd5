import enUs from '@messages/en-us.json';
import zhCn from '@messages/zh-cn.json';
import zhTw from '@messages/zh-tw.json';
import type { Locale } from '@/contract/locales';

export const LOCALE_MESSAGES: Record<Locale, Record<string, unknown>> = {
  'zh-cn': zhCn,
  'zh-tw': zhTw,
  'en-us': enUs,
};

/** The text of a dotted key (`valid.emailRequired`) in one locale's message file. */
export function messageText(locale: Locale, key: string): string {
  let node: unknown = LOCALE_MESSAGES[locale];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No message ${key} in ${locale}`);
  return node;
}
