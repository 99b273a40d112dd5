import 'server-only';
/**
 * The `data-` attributes of the page a script runs in: scripts read them (`el.dataset.x`,
 * `getAttribute('data-x')`, jQuery's `.data('x')`), and campaigns keep code there for a script
 * to run. Elements are found as the reader names them (`byId:<id>`, `sel:<selector>`,
 * `document.currentScript`, `document.body`).
 */
export type DataElement = { tag: string; id: string; classes: string[]; attrs: Record<string, string> };
export type PageData = { elements: DataElement[]; script: Record<string, string> | null };

/** Elements kept per page, and characters per attribute value (a page cannot make the reader copy forever). */
export const MAX_DATA_ELEMENTS = 2_000;
export const MAX_DATA_VALUE = 100_000;

/**
 * An element's `data-` attributes (and id and class), or null when it has none. A link with an id
 * keeps its `href` too: a script may click it (`document.getElementById('go').click()`).
 */
export function dataElement(tag: string, attrs: Record<string, string>): DataElement | null {
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs)) if (k.startsWith('data-')) data[k] = v.slice(0, MAX_DATA_VALUE);
  if (tag === 'a' && attrs.id && attrs.href) data.href = attrs.href.slice(0, MAX_DATA_VALUE);
  if (Object.keys(data).length === 0) return null;
  return { tag, id: attrs.id ?? '', classes: (attrs.class ?? '').split(/\s+/).filter(Boolean), attrs: data };
}

/** `tag`, `#id`, `.class`, `[data-x]`, `[data-x="v"]` and their combinations: what loaders select by. */
const SIMPLE =
  /^([a-z][\w-]*)?(?:#([\w-]+))?(?:\.([\w-]+))?(?:\[([\w-]+)(?:\s*=\s*["']?([^"'\]]*)["']?)?\])?$/i;

function matches(el: DataElement, selector: string): boolean {
  const m = SIMPLE.exec(selector.trim());
  if (!m || !selector.trim()) return false;
  const [, tag, id, cls, attr, value] = m;
  return (
    (!tag || el.tag === tag.toLowerCase()) &&
    (!id || el.id === id) &&
    (!cls || el.classes.includes(cls)) &&
    (!attr ||
      (el.attrs[attr.toLowerCase()] !== undefined &&
        (value === undefined || el.attrs[attr.toLowerCase()] === value)))
  );
}

/** The `data-` attributes of the element a reader path names, or null. */
function attrsAt(page: PageData, path: string): Record<string, string> | null {
  if (path === 'document.currentScript') return page.script;
  const tag = path === 'document.body' ? 'body' : path === 'document.documentElement' ? 'html' : null;
  const found = page.elements.find((el) =>
    tag
      ? el.tag === tag
      : path.startsWith('byId:')
        ? el.id === path.slice(5)
        : path.startsWith('sel:') && matches(el, path.slice(4)),
  );
  return found?.attrs ?? null;
}

/** `el.getAttribute(name)` of the element at `path`; null when the reader cannot tell. */
export function attrValue(page: PageData | null, path: string, name: string): string | null {
  if (!page || !(name.toLowerCase().startsWith('data-') || name.toLowerCase() === 'href')) return null;
  return attrsAt(page, path)?.[name.toLowerCase()] ?? null;
}

/** `el.dataset.fooBar`: the attribute `data-foo-bar`. */
export const datasetAttr = (key: string) => `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
