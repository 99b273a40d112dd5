import 'server-only';
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
 * How a frame sits over the window: in a frameset (the whole window is frames), fixed at 100% of
 * the window both ways (over the page whatever it holds), or placed absolutely at 100% (over the
 * window, or only over a positioned box: the usual responsive player). `css`: its style, the last
 * declaration of a property winning. A player sized 100% inside its box is not placed, and does
 * not count.
 */
export type Cover = 'frameset' | 'fixed' | 'placed';

export function windowCover(css: string): Cover | undefined {
  const flat = css.toLowerCase().replace(/\s+/g, '');
  const get = (k: string) => [...flat.matchAll(new RegExp(`(?:^|;)${k}:([^;!]*)`, 'g'))].at(-1)?.[1] ?? '';
  const full = (k: string) => /^100(?:%|v[wh])$/.test(get(k));
  if (!full('width') || !full('height')) return undefined;
  const position = get('position');
  return position === 'fixed' ? 'fixed' : position === 'absolute' ? 'placed' : undefined;
}
