import 'server-only';
/** What a mail says, before it becomes plain text and HTML (render.ts). Every string is already translated. */
export type MailContent = {
  subject: string;
  paragraphs: string[];
  /** The one thing the mail asks the reader to do: a button in HTML, the bare address in text. */
  action?: { label: string; url: string };
  /** Small print after the action (how long a link works, what to do if it was not you). */
  notes?: string[];
  /** Why the reader gets this mail. */
  footer: string[];
  /** Links under the footer: the preferences page, unsubscribe. */
  footerLinks?: { label: string; url: string }[];
  /** Where to turn this kind of mail off: also sent as the List-Unsubscribe header. */
  unsubscribeUrl?: string;
};

/** Kinds of mail: account mail is always sent; the others can be turned off (see preferences.ts). */
export const MAIL_KINDS = [
  'verify',
  'change',
  'changeNotice',
  'reset',
  'loginLink',
  'registerTaken',
  'passwordChanged',
  'review',
  'feedback',
  'licence',
  'watch',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
