import 'server-only';
import { formatTime, unixTime } from '@/contract/format';

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

export { unixTime as unixSeconds } from '@/contract/format';
export const timeText = (date: Date) => formatTime(unixTime(date));

/** Midnight of `now`'s day in China time: "today" for the counters. */
export function startOfChinaDay(now: Date): Date {
  const shifted = now.getTime() + CHINA_OFFSET_MS;
  return new Date(shifted - (shifted % 86_400_000) - CHINA_OFFSET_MS);
}
