import 'server-only';
import { EMAIL_PATTERN } from '@/contract/user';

/**
 * A value that goes into a mail header (subject, display name): control characters, line breaks and
 * Unicode line separators become spaces, so no text a user wrote (an item name) can start a header.
 * The mail library encodes what remains.
 */
export function headerText(value: string, max = 200): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
      .replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ')
      .replace(/\s{2,}/g, ' ')
      .trim()
      .slice(0, max)
  );
}

/** A recipient is one plain address in the form registration accepts (EMAIL_PATTERN), nothing else. */
export function assertRecipient(to: string): string {
  if (!EMAIL_PATTERN.test(to) || to.length > 100) throw new Error('mail recipient is not a plain address');
  return to;
}
