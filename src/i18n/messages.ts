import enUs from '@messages/en-us';
import zhCn from '@messages/zh-cn';
import zhTw from '@messages/zh-tw';
import type { Locale } from '@/contract/locales';

export type Messages = typeof zhCn;

export const MESSAGES: Record<Locale, Messages> = { 'zh-cn': zhCn, 'zh-tw': zhTw, 'en-us': enUs };
