import 'server-only';
/**
 * What makes the browser fetch something or go somewhere, as the page's markup says it (and, for
 * scripts, where they send the visitor's data with `sendBeacon`: `beacon`, and the addresses they
 * put into what the visitor copies: `clipboard`).
 */
export type LoadKind = 'script' | 'iframe' | 'style' | 'object' | 'navigate' | 'beacon' | 'clipboard';

/**
 * How a load was made, in the markup (`script-src` … `form`) or by a script (`js-element` …
 * `pattern`): a finding's "where", each with its words in the messages (`domain.where`). An HTTP
 * redirect is `http-<status>`.
 */
export const LOAD_HOWS = [
  'script-src',
  'iframe-src',
  'iframe-srcdoc',
  'link',
  'css-import',
  'meta-refresh',
  'refresh-header',
  'embed',
  'object',
  'form',
  'js-element',
  'js-location',
  'js-click',
  'link-rewrite',
  'js-import',
  'window-open',
  'get-script',
  'document-write',
  'fetch-eval',
  'beacon',
  'clipboard',
  'player-config',
  'pattern',
] as const;
export type LoadHow = (typeof LOAD_HOWS)[number] | `http-${number}`;
