import { z } from 'zod';
import { isCommonPassword } from './common-passwords';
import { PASSWORD_MAX, PASSWORD_MIN } from './limits';
import { hasMarkup, isWebUrl } from './text';

/** Letters and digits with optional separators, @, a domain, a 2-6 letter top level. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9]+(?:[._+-][A-Za-z0-9]+)*@[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*\.[A-Za-z]{2,6}$/;

// Messages are translation keys under `valid.*`; client and server translate them.
export const emailField = z
  .string({ error: 'valid.emailRequired' })
  .trim()
  .min(1, 'valid.emailRequired')
  .max(100, 'valid.emailTooLong')
  .regex(EMAIL_PATTERN, 'valid.emailFormat')
  .transform((v) => v.toLowerCase());

/** A password typed to log in: accounts made under an older, shorter rule still log in. */
export const passwordField = z
  .string({ error: 'valid.passwordRequired' })
  .min(1, 'valid.passwordRequired')
  .max(PASSWORD_MAX, 'valid.passwordLength');

/**
 * A password being chosen (register, reset, change): the one rule for every form and handler.
 * Long enough, and none of the passwords guessers try first.
 */
export const newPasswordField = z
  .string({ error: 'valid.passwordRequired' })
  .min(1, 'valid.passwordRequired')
  .min(PASSWORD_MIN, 'valid.passwordLength')
  .max(PASSWORD_MAX, 'valid.passwordLength')
  .refine((v) => !isCommonPassword(v), 'valid.passwordCommon');

export const loginSchema = z.object({ email: emailField, password: passwordField });
export type LoginInput = z.infer<typeof loginSchema>;

/** The API takes email and password; the dialog adds the confirmation, checked on the client. */
export const registerSchema = z.object({ email: emailField, password: newPasswordField });
export type RegisterInput = z.infer<typeof registerSchema>;
export const registerFormSchema = registerSchema
  .extend({ confirm: z.string({ error: 'valid.confirmRequired' }).min(1, 'valid.confirmRequired') })
  .refine((v) => v.confirm === v.password, { path: ['confirm'], message: 'valid.passwordMismatch' });

const optionalText = (max: number, pattern: RegExp, key: string) =>
  z
    .string({ error: key })
    .trim()
    .max(max, key)
    .refine((v) => v === '' || pattern.test(v), key)
    .optional()
    .default('');

export const profileSchema = z.object({
  name: z
    .string({ error: 'valid.nameRequired' })
    .trim()
    .min(1, 'valid.nameRequired')
    .max(50, 'valid.nameTooLong')
    // Shown as the developer's name in the CMS admin, which prints it unescaped.
    .refine((v) => !hasMarkup(v), 'valid.nameMarkup'),
  site: z
    .string({ error: 'valid.siteRequired' })
    .trim()
    .min(1, 'valid.siteRequired')
    .max(200, 'valid.siteFormat')
    .refine(isWebUrl, 'valid.siteFormat'),
  email: emailField,
  qq: optionalText(12, /^[1-9][0-9]{4,11}$/, 'valid.qqFormat'),
  wechat: optionalText(20, /^[A-Za-z][-_A-Za-z0-9]{5,19}$/, 'valid.wechatFormat'),
  /** The current password: asked only when `email` names a new login email. */
  current: z.string().max(100).optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const userInfoSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('info') }),
  profileSchema.extend({ type: z.literal('update') }),
]);

/** What `user_info` answers: the account and its developer profile (every page reads these). */
export const userViewSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Whether the owner proved the address (through the mailed link): needed to publish and for ADMIN_EMAILS. */
  email_verified: z.boolean(),
  /** A new login email waiting for its confirmation link (user_info only). */
  pending_email: z.string().nullable().optional(),
  is_admin: z.boolean(),
  site: z.string(),
  qq: z.string(),
  wechat: z.string(),
  create_time: z.number().int(),
});
export type UserInfo = z.infer<typeof userViewSchema>;
