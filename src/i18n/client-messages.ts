/**
 * Which messages reach the browser. Every page's HTML carries the messages its client components
 * may read, so the shell sends only its own namespaces and a page adds the few its components need.
 */
type Tree = { [key: string]: string | Tree };

/** Read by the layout's client components: header, menus, toasts, dialogs, API errors, error page. */
export const SHELL_NAMESPACES = [
  'meta',
  'api',
  'valid',
  'http',
  'common',
  'error',
  'nav',
  'devNav',
  'header',
  'auth',
] as const;

/** The messages under each path (`content.download`), with the paths' parents kept. */
export function pickMessages(messages: object, paths: readonly string[]): Tree {
  const picked: Tree = {};
  for (const path of paths) {
    const parts = path.split('.');
    let source: unknown = messages;
    for (const part of parts) source = (source as Record<string, unknown> | undefined)?.[part];
    if (source === undefined) throw new Error(`No messages under "${path}"`);
    let target = picked;
    for (const part of parts.slice(0, -1)) {
      if (typeof target[part] !== 'object') target[part] = {};
      target = target[part] as Tree;
    }
    target[parts.at(-1)!] = source as Tree;
  }
  return picked;
}
