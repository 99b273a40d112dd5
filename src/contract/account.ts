import { z } from 'zod';
import type { RateLimit } from './api/operation';
import { recordId } from './record-id';
import { emailField, newPasswordField } from './user';

/** Limits of the account mail flows (fixed windows, shared by every node). */
export const ACCOUNT_LIMITS = {
  /** "Resend" on the account page. */
  resendPerAccount: { limit: 5, windowSeconds: 3600 },
  resendPerIp: { limit: 20, windowSeconds: 3600 },
  /** "Forgot password": past the per-address limit the answer stays the same, but nothing is mailed. */
  forgotPerAddress: { limit: 3, windowSeconds: 3600 },
  forgotPerIp: { limit: 10, windowSeconds: 3600 },
  /** Sign-ups with an address that has an account: its owner is told, this often at most. */
  registerNoticePerAddress: { limit: 3, windowSeconds: 3600 },
  /** A mailed login link (for an owner whose new device waits while the account is being guessed). */
  loginLinkPerAddress: { limit: 3, windowSeconds: 3600 },
  loginLinkPerIp: { limit: 10, windowSeconds: 3600 },
  emailChangePerAccount: { limit: 5, windowSeconds: 3600 },
  /** Wrong guesses of the current password (changing it, moving the login email), per session. */
  passwordPerSession: { limit: 10, windowSeconds: 15 * 60 },
  /** Posting mailed link tokens (verify, reset, login) from one address. */
  linkPerIp: { limit: 30, windowSeconds: 15 * 60 },
  watchPerIp: { limit: 10, windowSeconds: 3600 },
  watchPerAddress: { limit: 5, windowSeconds: 3600 },
} as const;

/**
 * The secret of a mailed link, sent as `code`: the API drops any `token` field from payloads (it is
 * the session header's name).
 */
const code = z
  .string({ error: 'auth.valid.linkMissing' })
  .trim()
  .min(1, 'auth.valid.linkMissing')
  .max(200, 'auth.valid.linkMissing');

const confirm = z.string({ error: 'valid.confirmRequired' }).min(1, 'valid.confirmRequired');

export const forgotSchema = z.object({ email: emailField });
export const tokenSchema = z.object({ code });

export const resetSchema = z.object({ code, password: newPasswordField });
export const resetFormSchema = z
  .object({ password: newPasswordField, confirm })
  .refine((v) => v.confirm === v.password, { path: ['confirm'], message: 'valid.passwordMismatch' });

/**
 * Wrong guesses of the current password, one counter per session for every call that asks for it
 * (changing the password, moving the login email). Kept per session, not per account: a stolen or
 * forgotten session guessing must not spend the owner's own tries in another browser; and only
 * wrong guesses count, so the owner's changes never do.
 */
export const PASSWORD_GUESSES: RateLimit = {
  name: 'password',
  per: ['session'],
  counts: 'failures',
  failures: ['auth.api.wrongPassword'],
  ...ACCOUNT_LIMITS.passwordPerSession,
};

export const changePasswordSchema = z.object({
  current: z.string({ error: 'auth.valid.currentRequired' }).min(1, 'auth.valid.currentRequired').max(100),
  password: newPasswordField,
});
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirm })
  .refine((v) => v.confirm === v.password, { path: ['confirm'], message: 'valid.passwordMismatch' });

/** Sign out one session (`id`) or every other session (`all`). */
export const revokeSessionSchema = z.union([
  z.object({ id: recordId() }),
  z.object({ all: z.literal(['1', 'true', true, 1]) }),
]);

/** A session in the list on /user. */
export const sessionInfoSchema = z.object({
  id: z.number().int(),
  current: z.boolean(),
  device: z.string(),
  ip: z.string(),
  create_time: z.number().int(),
  last_seen: z.number().int(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** Notification mail a user can turn off (account mail cannot be). */
export const MAIL_TOPICS = ['review', 'feedback', 'licence'] as const;
export type MailTopic = (typeof MAIL_TOPICS)[number];

const flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true')
  .optional();

/** Read (no switches given) or change the switches, by session or by the key of an unsubscribe link. */
export const mailPreferencesSchema = z.object({
  key: z.string().trim().max(100).optional(),
  review: flag,
  feedback: flag,
  licence: flag,
});
/** The switches as mail_preferences answers them, with the address they are for (masked by link). */
export const mailPreferencesViewSchema = z.object({
  review: z.boolean(),
  feedback: z.boolean(),
  licence: z.boolean(),
  email: z.string(),
});
export type MailPreferences = z.infer<typeof mailPreferencesViewSchema>;

/** One-click unsubscribe (RFC 8058) from a mail header: the key and the topic are in the link. */
export const unsubscribeSchema = z.object({
  key: z.string().trim().min(1).max(100),
  topic: z.enum([...MAIL_TOPICS, 'watch']),
});

export const watchSchema = z.object({
  domain: z
    .string({ error: 'domain.valid.domainRequired' })
    .trim()
    .min(1, 'domain.valid.domainRequired')
    .max(300, 'domain.valid.domainTooLong'),
  email: emailField,
});
export const watchKeySchema = z.object({
  key: z.string().trim().min(1).max(100),
  action: z.enum(['confirm', 'unsubscribe']),
});

/** The mail queue as administrators see it (mail_outbox). */
export const outboxInfoSchema = z.object({
  mode: z.enum(['smtp', 'outbox']),
  pending: z.number().int(),
  failed: z.number().int(),
  sent_day: z.number().int(),
  list: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      status: z.string(),
      attempts: z.number().int(),
      last_error: z.string(),
      next_attempt: z.number().int(),
      create_time: z.number().int(),
    }),
  ),
});
export type OutboxInfo = z.infer<typeof outboxInfoSchema>;

/** mail_outbox: list the queue, or send one mail again (`action=retry&id=`). */
export const outboxActionSchema = z.union([
  z.object({ action: z.literal('retry'), id: recordId() }),
  z.object({ action: z.literal('list').optional() }),
]);
