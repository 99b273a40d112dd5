const CHINA_OFFSET_S = 8 * 3600;

/** A moment as Unix seconds, as the API answers times; 0 for none. */
export const unixTime = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** Unix seconds shown as YYYY-MM-DD HH:mm:ss (China time, identical on server and client). */
export function formatTime(unixSeconds: number, dateOnly = false): string {
  if (!unixSeconds) return '--';
  const text = new Date((unixSeconds + CHINA_OFFSET_S) * 1000).toISOString().slice(0, 19).replace('T', ' ');
  return dateOnly ? text.slice(0, 10) : text;
}

/** Counts with thousands separators, `--` when there is no figure. */
export function formatCount(n: number | null | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? n.toLocaleString('en-US') : '--';
}
