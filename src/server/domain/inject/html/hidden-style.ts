/**
 * Whether CSS hides what it applies to from the visitor while leaving it in the page for
 * spiders: not displayed, invisible, transparent, zero-sized with the overflow cut, or moved far
 * off-screen (text-indent or a large negative offset).
 */
export function hidesContent(css: string): boolean {
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
  const get = (k: string) => decls.get(k) ?? '';
  const px = (v: string) => {
    const m = /^(-?\d+(?:\.\d+)?)(px|em|rem|%)?$/.exec(v);
    return m ? Number(m[1]) * (m[2] === 'em' || m[2] === 'rem' ? 16 : 1) : null;
  };
  const tiny = (v: string) => {
    const n = px(v);
    return n !== null && n <= 1;
  };
  const far = (v: string) => {
    const n = px(v);
    return n !== null && n <= -500;
  };
  if (get('display') === 'none' || get('visibility') === 'hidden') return true;
  if (px(get('opacity')) === 0 || tiny(get('font-size'))) return true;
  const clipped = get('overflow') === 'hidden';
  if (clipped && (tiny(get('height')) || tiny(get('max-height')) || tiny(get('width')))) return true;
  // Clipped away: `clip-path: inset(50%)` or more on a side pair, `clip: rect(0 0 0 0)`.
  const inset = /^inset\(\s*(\d+(?:\.\d+)?)%/.exec(get('clip-path'));
  if (inset && Number(inset[1]) >= 50) return true;
  if (/^rect\(\s*0(?:px)?\s*[,\s]\s*0(?:px)?\s*[,\s]/.test(get('clip'))) return true;
  const placed = get('position') === 'absolute' || get('position') === 'fixed';
  if (placed && ['left', 'top', 'right', 'bottom', 'margin-left', 'margin-top'].some((k) => far(get(k))))
    return true;
  return far(get('text-indent'));
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

/** Classes and ids that `<style>` rules hide (simple `.class` and `#id` selectors). */
export type HiddenSelectors = { classes: Set<string>; ids: Set<string> };

const MAX_CSS = 100_000;

/** The `<style>` blocks' text, found with plain index scans (linear whatever the page holds). */
function styleBlocks(html: string): string[] {
  const lower = html.toLowerCase();
  const blocks: string[] = [];
  let budget = MAX_CSS;
  for (let at = lower.indexOf('<style'); at !== -1 && budget > 0; at = lower.indexOf('<style', at + 1)) {
    const open = lower.indexOf('>', at);
    const close = open === -1 ? -1 : lower.indexOf('</style', open);
    if (close === -1) break;
    const css = html.slice(open + 1, Math.min(close, open + 1 + budget));
    budget -= css.length;
    blocks.push(css);
    at = close;
  }
  return blocks;
}

export function hiddenSelectors(html: string): HiddenSelectors {
  const out: HiddenSelectors = { classes: new Set(), ids: new Set() };
  for (const block of styleBlocks(html)) {
    const css = block.replace(/\/\*[\s\S]*?\*\//g, '');
    for (const rule of css.matchAll(/([^{}]{1,300})\{([^{}]{0,2000})\}/g)) {
      if (!hidesContent(rule[2]!)) continue;
      for (const selector of rule[1]!.split(',')) {
        const last =
          selector
            .trim()
            .split(/[\s>+~]+/)
            .pop() ?? '';
        for (const m of last.matchAll(/([.#])([\w-]+)/g)) (m[1] === '.' ? out.classes : out.ids).add(m[2]!);
      }
    }
  }
  return out;
}
