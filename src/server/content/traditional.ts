import 'server-only';
import * as OpenCC from 'opencc-js';

let convert: ((text: string) => string) | undefined;

/**
 * Simplified Chinese in Traditional with Taiwan phrasing (OpenCC, as `npm run content:tw` writes the
 * docs): for the portal's own texts that were written only in Simplified, such as release notes.
 */
export function traditional(text: string): string {
  convert ??= OpenCC.Converter({ from: 'cn', to: 'twp' });
  return convert(text);
}
