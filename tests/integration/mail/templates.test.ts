import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/contract/locales';
import { accountMail } from '@/server/mail/account-mail';
import { mailText } from '@/server/mail/links';
import { renderHtml, renderText } from '@/server/mail/render';

const reader = (locale: (typeof LOCALES)[number]) => ({ email: 'dev@example.com', name: 'Dev <b>&', locale });

describe('mail templates', () => {
  it.each(LOCALES)('every account mail is complete in %s (no message key left untranslated)', (locale) => {
    const r = reader(locale);
    const mails = [
      accountMail.verify(r, 'tok'),
      accountMail.change(r, 'new@example.com', 'tok'),
      accountMail.changeNotice(r, 'new@example.com'),
      accountMail.reset(r, 'tok'),
      accountMail.loginLink(r, 'tok'),
      accountMail.registerTaken(r),
      accountMail.passwordChanged(r, new Date()),
    ];
    for (const mail of mails) {
      const text = renderText(mail);
      expect(`${mail.subject}\n${text}`).not.toMatch(/\bmail\.[a-z]/);
      expect(text).toContain('Dev <b>&');
    }
  });

  it.each(LOCALES)('notification texts exist in %s', (locale) => {
    const t = mailText(locale);
    for (const key of [
      'review.approvedSubject',
      'review.rejected',
      'review.reason',
      'feedback.subject',
      'feedback.line',
      'licence.intro',
      'watch.injected',
      'watch.repaired',
      'footer.notice',
    ])
      expect(
        t(key, {
          name: 'n',
          version: '1',
          kind: 'k',
          count: 2,
          reason: 'r',
          code: 'c',
          time: 't',
          domain: 'd',
        }),
      ).not.toBe(`mail.${key}`);
  });

  it('escapes every text in the HTML part', () => {
    const html = renderHtml(
      {
        subject: '<script>',
        paragraphs: ['<img src=x onerror=alert(1)>'],
        action: { label: '"quote"', url: 'https://x.test/?a=1&b="2"' },
        footer: ["it's"],
      },
      'en-us',
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('href="https://x.test/?a=1&#38;b=&#34;2&#34;"');
  });
});
