import 'server-only';

const CHINA_OFFSET_S = 8 * 3600;

/** Unix seconds as YYYY-MM-DD HH:mm:ss in China time, as every client of the portal shows them. */
export function formatTime(unixSeconds: number, dateOnly = false): string {
  const text = new Date((unixSeconds + CHINA_OFFSET_S) * 1000).toISOString().slice(0, 19).replace('T', ' ');
  return dateOnly ? text.slice(0, 10) : text;
}
