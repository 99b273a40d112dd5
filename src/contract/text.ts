/**
 * Text that other programs print without escaping (the CMS admin's market views print name,
 * developer name and site, and description as they come): plain text only, links only http(s).
 */

/** A tag, comment or processing instruction as browsers read them: `<b`, `</`, `<!--`, `<?`; `a < b` is text. */
const MARKUP = /<[a-z!/?]/i;

export const hasMarkup = (text: string) => MARKUP.test(text);

/** An absolute http(s) address with nothing that could leave an HTML attribute or element. */
export function isWebUrl(text: string): boolean {
  if (/[\s<>"'`\\]/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The text of something stored before markup was refused: tags and comments removed, and any
 * angle bracket left over made inert (full-width), so printing it unescaped shows text, runs nothing.
 */
export const plainText = (text: string) =>
  text
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<[a-z!/?][^>]*(>|$)/gi, '')
    .replace(/</g, '＜')
    .replace(/>/g, '＞');

export const webUrlOrEmpty = (text: string) => (isWebUrl(text) ? text : '');
