import 'server-only';
import { type HiddenSelectors, hiddenSelectors, LIBRARY_SHEET } from '@/server/domain/web-code';
import { readEntry, type ZipEntry } from '../zip/read-zip';

/** Characters of the package's own stylesheets read for the classes they hide (libraries last). */
const STYLE_CHARS = 2_000_000;

/**
 * Classes and ids a theme's own `.css` files hide from every visitor: its templates are read as pages
 * styled by them, so a block of links given such a class is hidden as one a `<style>` block hides.
 * An entry that cannot be read is left to the package's own reading, which reports it.
 */
export function themeStyles(zip: Uint8Array, files: ZipEntry[]): HiddenSelectors {
  const sheets = files
    .filter((e) => !e.directory && /\.css$/i.test(e.name) && e.size <= STYLE_CHARS)
    .sort((a, b) => Number(LIBRARY_SHEET.test(a.name)) - Number(LIBRARY_SHEET.test(b.name)));
  const texts: string[] = [];
  let left = STYLE_CHARS;
  for (const entry of sheets) {
    if (entry.size > left) continue;
    try {
      const bytes = readEntry(zip, entry);
      texts.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
      left -= entry.size;
    } catch {}
  }
  return hiddenSelectors(texts.join('\n'));
}
