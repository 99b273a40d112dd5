/** How an element's own attributes size it: too small to see, or over the whole window. */

/** A frame or object given a width or height of 0–2 pixels by its attributes. */
export const tinySize = (a: Record<string, string>) =>
  ['width', 'height'].some((k) => a[k] !== undefined && /^\s*[0-2](?:px)?\s*$/.test(a[k]!));

/** Elements whose width and height attributes size their own box (a table cell grows to its content). */
const SIZED_BY_ATTRIBUTE = /^(?:marquee|img|canvas|svg|video|object|embed|iframe|frame)$/;
/** A `<marquee width=1 height=1>`: an element drawn one pixel large, whatever it holds. */
export const pixelSize = (name: string, a: Record<string, string>) =>
  SIZED_BY_ATTRIBUTE.test(name) &&
  ['width', 'height'].some((k) => a[k] !== undefined && /^\s*[01](?:px)?\s*$/.test(a[k]!));

/**
 * A frame fixed or placed absolutely at 100% of the window both ways: the visitor sees only it.
 * (A player sized 100% inside its box is not placed, and does not count.)
 */
export function coversWindow(a: Record<string, string>): boolean {
  const css = (a.style ?? '').toLowerCase().replace(/\s+/g, '');
  const get = (k: string) => new RegExp(`(?:^|;)${k}:([^;!]*)`).exec(css)?.[1] ?? '';
  const full = (k: string) => /^100(?:%|v[wh])$/.test(get(k));
  return /^(?:fixed|absolute)$/.test(get('position')) && full('width') && full('height');
}
