import 'server-only';
import { known, type Val } from './values';

/**
 * Every link of the page, as the reader names it: `document.getElementsByTagName('a')[i]`,
 * `querySelectorAll('a[href]')`'s items, jQuery's `$('a')`, `$('body a')`. Links of one block
 * (`#nav a`) are not: a site points its own menu at a mirror.
 */
export const everyLink = (path: string): boolean =>
  /^(?:jquery\.)?(?:sel|all):(?:(?:html|body)\s+)?a(?:\[href[^\]]*\])?$/i.test(path);

/** `a.setAttribute('href', …)`, jQuery's `.attr('href', …)` / `.prop('href', …)` on every link of the page. */
export function linkSetter(path: string, name: string, args: Val[]): boolean {
  const jquery = path.startsWith('jquery.');
  const setter = name === 'setAttribute' || (jquery && (name === 'attr' || name === 'prop'));
  const a0 = args[0] ?? null;
  return setter && args.length === 2 && known(a0) && a0.s.toLowerCase() === 'href' && everyLink(path);
}
