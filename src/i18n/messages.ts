import enUs from '@messages/en-us.json';
import zhCn from '@messages/zh-cn.json';
import zhTw from '@messages/zh-tw.json';
import type { Locale } from '@/contract/locales';

export type Messages = typeof zhCn;

export const MESSAGES: Record<Locale, Messages> = { 'zh-cn': zhCn, 'zh-tw': zhTw, 'en-us': enUs };
