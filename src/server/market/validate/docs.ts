import 'server-only';

/**
 * Documentation read as what it is. A Markdown page whose PHP sits only in code blocks and code
 * spans shows code, it does not run it: it is not read as a script unless another file of the
 * package names it (PHP runs whatever a file it includes holds, fences and all).
 */
const MARKDOWN = /\.(md|markdown|mdown|mkd)$/i;
export const isMarkdownName = (name: string) => MARKDOWN.test(name);
const PHP_OPEN = /<\?(?:php|=|\s)/i;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Whether a Markdown file holds PHP only as code shown (fenced, indented, or in backticks). */
export function isMarkdownDoc(name: string, text: string): boolean {
  if (!MARKDOWN.test(name)) return false;
  let fence = '';
  let prose = true;
  for (const line of text.split('\n')) {
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length) fence = '';
      continue;
    }
    if (f) {
      fence = f[1]!;
      continue;
    }
    // An indented code block follows a blank line or another indented line.
    const indented = /^(?: {4}|\t)/.test(line);
    if (indented && prose) continue;
    prose = line.trim() === '' || indented;
    if (PHP_OPEN.test(line.replace(/(`+)[^`]*?\1/g, ''))) return false;
  }
  return true;
}

/** Whether any of the other files' text names this file (by its base name). */
export function namedByOthers(name: string, others: Iterable<{ name: string; text: string }>): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  for (const o of others) if (o.name !== name && o.text.includes(base)) return true;
  return false;
}
