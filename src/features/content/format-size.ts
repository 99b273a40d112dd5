/** Bytes as a short size, e.g. "1.2 KB". */
export function shortSize(bytes: number): string {
  if (bytes < 1024) return `${bytes.toLocaleString('en-US')} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** Bytes as a short size with its exact byte count, e.g. "1.2 KB (1,234 bytes)". */
export function formatSize(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-US')} B`;
  return bytes < 1024 ? exact : `${shortSize(bytes)} (${exact})`;
}
