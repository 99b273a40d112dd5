import { hidesContent } from '../html/hidden-style';

/** Whether setting `el.style[prop] = value` (or `cssText`/`style` to a whole rule) hides the element. */
export function hiddenByProperty(prop: string, value: string): boolean {
  if (prop === 'style' || prop === 'cssText') return hidesContent(value);
  const css = prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return hidesContent(`${css}:${value}`);
}
