import 'server-only';
import { formatTime, unixTime } from '@/contract/format';
import { type Locale, toLocale } from '@/contract/locales';
import type { MailContent } from './content';
import { mailText, pageLink } from './links';

type Reader = { email: string; name: string; locale: Locale };

/** Who an account mail speaks to: the account's address, name and language. */
export const readerOf = (user: { email: string; name: string; locale: string }): Reader => ({
  email: user.email,
  name: user.name,
  locale: toLocale(user.locale),
});

const footer = (t: ReturnType<typeof mailText>, reader: Reader) => [
  t('footer.account', { email: reader.email }),
  t('automatic'),
];
const hello = (t: ReturnType<typeof mailText>, reader: Reader) =>
  t('hello', { name: reader.name || reader.email });

/** Account mail: each is always sent (no preference turns it off), in the account's language. */
export const accountMail = {
  verify(reader: Reader, token: string): MailContent {
    const t = mailText(reader.locale);
    return {
      subject: t('verify.subject'),
      paragraphs: [hello(t, reader), t('verify.intro', { email: reader.email })],
      action: { label: t('verify.action'), url: pageLink(reader.locale, '/user/verify', { token }) },
      notes: [t('valid24h'), t('ignore')],
      footer: footer(t, reader),
    };
  },
  change(reader: Reader, newEmail: string, token: string): MailContent {
    const t = mailText(reader.locale);
    return {
      subject: t('change.subject'),
      paragraphs: [hello(t, reader), t('change.intro', { email: newEmail })],
      action: { label: t('change.action'), url: pageLink(reader.locale, '/user/verify', { token }) },
      notes: [t('valid24h'), t('ignore')],
      footer: footer(t, { ...reader, email: newEmail }),
    };
  },
  changeNotice(reader: Reader, newEmail: string): MailContent {
    const t = mailText(reader.locale);
    return {
      subject: t('changeNotice.subject'),
      paragraphs: [
        hello(t, reader),
        t('changeNotice.intro', { email: newEmail }),
        t('changeNotice.ifNotYou'),
      ],
      action: { label: t('changeNotice.action'), url: pageLink(reader.locale, '/user') },
      footer: footer(t, reader),
    };
  },
  reset(reader: Reader, token: string): MailContent {
    const t = mailText(reader.locale);
    return {
      subject: t('reset.subject'),
      paragraphs: [hello(t, reader), t('reset.intro', { email: reader.email })],
      action: { label: t('reset.action'), url: pageLink(reader.locale, '/user/reset', { token }) },
      notes: [t('reset.valid'), t('ignore')],
      footer: footer(t, reader),
    };
  },
  loginLink(reader: Reader, token: string): MailContent {
    const t = mailText(reader.locale);
    return {
      subject: t('loginLink.subject'),
      paragraphs: [hello(t, reader), t('loginLink.intro', { email: reader.email })],
      action: { label: t('loginLink.action'), url: pageLink(reader.locale, '/user/login', { token }) },
      notes: [t('loginLink.valid'), t('ignore')],
      footer: footer(t, reader),
    };
  },
  registerTaken(reader: Reader): MailContent {
    const t = mailText(reader.locale);
    return {
      subject: t('registerTaken.subject'),
      paragraphs: [
        hello(t, reader),
        t('registerTaken.intro', { email: reader.email }),
        t('registerTaken.ifYou'),
      ],
      action: { label: t('registerTaken.action'), url: pageLink(reader.locale, '/user') },
      notes: [t('registerTaken.ifNotYou')],
      footer: footer(t, reader),
    };
  },
  passwordChanged(reader: Reader, at: Date): MailContent {
    const t = mailText(reader.locale);
    return {
      subject: t('passwordChanged.subject'),
      paragraphs: [
        hello(t, reader),
        t('passwordChanged.intro', { email: reader.email, time: formatTime(unixTime(at)) }),
        t('passwordChanged.ifNotYou'),
      ],
      footer: footer(t, reader),
    };
  },
};
