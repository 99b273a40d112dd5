import 'server-only';
/** Ways CSS hides content: each undone only by the same kind of declaration. */
export type HidingKind =
  | 'display'
  | 'visibility'
  | 'opacity'
  | 'font'
  | 'size'
  | 'clip'
  | 'offset'
  | 'indent';

function declarations(css: string) {
  const decls = new Map<string, string>();
  for (const part of css.toLowerCase().split(';')) {
    const at = part.indexOf(':');
    if (at > 0)
      decls.set(
        part.slice(0, at).trim(),
        part
          .slice(at + 1)
          .replace('!important', '')
          .trim(),
      );
  }
  return decls;
}

/** A length (or a number) in pixels, roughly: an em is 16, a percent of the viewport 10 (`-100vw` is a whole screen). */
const px = (v: string) => {
  const m = /^(-?(?:\d+(?:\.\d+)?|\.\d+))(px|em|rem|%|vw|vh)?$/.exec(v);
  if (!m) return null;
  const unit = m[2] === 'em' || m[2] === 'rem' ? 16 : m[2] === 'vw' || m[2] === 'vh' ? 10 : 1;
  return Number(m[1]) * unit;
};
/** Below this an element is as good as transparent (`opacity: .01`). */
const SEE_THROUGH = 0.05;
const tiny = (v: string) => {
  const n = px(v);
  return n !== null && n <= 1;
};
const far = (v: string) => {
  const n = px(v);
  return n !== null && n <= -500;
};
const OFFSETS = ['left', 'top', 'right', 'bottom', 'margin-left', 'margin-top'];
const SIZES = ['height', 'max-height', 'width'];

/**
 * How CSS hides what it applies to from the visitor while leaving it in the page for spiders:
 * not displayed, invisible, transparent, zero-sized with the overflow cut, clipped away, or moved
 * far off-screen (text-indent or a large negative offset). Empty when it does not.
 */
export function hidingKinds(css: string): HidingKind[] {
  const decls = declarations(css);
  const get = (k: string) => decls.get(k) ?? '';
  const kinds: HidingKind[] = [];
  if (get('display') === 'none') kinds.push('display');
  if (get('visibility') === 'hidden' || get('visibility') === 'collapse') kinds.push('visibility');
  const opacity = px(get('opacity'));
  if (opacity !== null && opacity < SEE_THROUGH) kinds.push('opacity');
  if (tiny(get('font-size'))) kinds.push('font');
  const cut = get('overflow') === 'hidden' || get('overflow') === 'clip';
  if (cut && SIZES.some((k) => tiny(get(k)))) kinds.push('size');
  // Clipped away: `clip-path: inset(50%)` or more on a side pair, a circle or ellipse of radius 0,
  // `clip: rect(0 0 0 0)`.
  const path = get('clip-path');
  const inset = /^inset\(\s*(\d+(?:\.\d+)?)%/.exec(path);
  const zero = /^(?:circle\(\s*0(?:px|%)?|ellipse\(\s*0(?:px|%)?\s+0(?:px|%)?)\s*(?:\)|at\b)/.test(path);
  if (
    (inset && Number(inset[1]) >= 50) ||
    zero ||
    /^rect\(\s*0(?:px)?\s*[,\s]\s*0(?:px)?\s*[,\s]/.test(get('clip'))
  )
    kinds.push('clip');
  const placed = get('position') === 'absolute' || get('position') === 'fixed';
  if (placed && OFFSETS.some((k) => far(get(k)))) kinds.push('offset');
  if (far(get('text-indent'))) kinds.push('indent');
  return kinds;
}

/** Whether CSS hides what it applies to (hidingKinds). */
export const hidesContent = (css: string): boolean => hidingKinds(css).length > 0;

/** The kinds of hiding a rule undoes: `display: block` undoes `display: none`, and so on. */
export function showingKinds(css: string): HidingKind[] {
  const decls = declarations(css);
  const set = (k: string) => decls.has(k);
  const get = (k: string) => decls.get(k) ?? '';
  const kinds: HidingKind[] = [];
  if (set('display') && get('display') !== 'none') kinds.push('display');
  if (get('visibility') === 'visible') kinds.push('visibility');
  if ((px(get('opacity')) ?? 0) >= SEE_THROUGH) kinds.push('opacity');
  if (set('font-size') && !tiny(get('font-size'))) kinds.push('font');
  if (get('overflow') === 'visible' || SIZES.some((k) => set(k) && !tiny(get(k)))) kinds.push('size');
  if (['none', 'auto'].includes(get('clip-path')) || get('clip') === 'auto') kinds.push('clip');
  if (['static', 'relative'].includes(get('position')) || OFFSETS.some((k) => set(k) && !far(get(k))))
    kinds.push('offset');
  if (set('text-indent') && !far(get('text-indent'))) kinds.push('indent');
  return kinds;
}

/**
 * Whether CSS moves what it applies to far off-screen with a transform (`translateX(-9999px)`),
 * or shrinks it to nothing (`scale(0)`). Carousels and pop-up menus do this to what waits its
 * turn: weaker than hiding, it only counts for link blocks that also carry gambling or adult
 * words (link-farm.ts).
 */
export function movedOffScreen(css: string): boolean {
  const m = /(?:^|;)\s*transform\s*:([^;]*)/i.exec(css);
  if (!m) return false;
  if (/scale(?:x|y|3d)?\(\s*0(?:\.0+)?\s*[,)]/i.test(m[1]!)) return true;
  for (const t of m[1]!.matchAll(
    /translate(?:x|y|3d)?\(\s*(-?\d+(?:\.\d+)?)px(?:\s*,\s*(-?\d+(?:\.\d+)?)px)?/gi,
  )) {
    if (Number(t[1]) <= -500 || (t[2] !== undefined && Number(t[2]) <= -500)) return true;
  }
  return false;
}

/** The `<style>` blocks' text, found with plain index scans (linear whatever the page holds). */
export function styleBlocks(html: string): string {
  const lower = html.toLowerCase();
  const blocks: string[] = [];
  let budget = MAX_INLINE_CSS;
  for (let at = lower.indexOf('<style'); at !== -1 && budget > 0; at = lower.indexOf('<style', at + 1)) {
    const open = lower.indexOf('>', at);
    const close = open === -1 ? -1 : lower.indexOf('</style', open);
    if (close === -1) break;
    const css = html.slice(open + 1, Math.min(close, open + 1 + budget));
    budget -= css.length;
    blocks.push(css);
    at = close;
  }
  return blocks.join('\n');
}

export const MAX_INLINE_CSS = 100_000;
