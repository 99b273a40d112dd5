import { afterAll, describe, expect, it, vi } from 'vitest';
import { POST as mailOutbox } from '@/app/api/user/mail_outbox/route';
import { POST as register } from '@/app/api/user/register/route';
import type { OutboxInfo } from '@/contract/account';
import { backoffMs, MAX_ATTEMPTS } from '@/server/mail/deliver';
import { queueMail } from '@/server/mail/queue';
import { callApi } from '../../support/api';
import { registerUser, uniqueEmail } from '../../support/factories';
import { deliverMail, queuedFor } from '../../support/mail';
import { registerAdmin } from '../market/support';

const smtp = await vi.hoisted(async () => {
  const { smtpEnvironment } = await import('../accounts/smtp-env');
  return smtpEnvironment();
});
afterAll(() => smtp.close());

const later = (ms: number) => new Date(Date.now() + ms + 1000);

describe('when the mail server is down', () => {
  it('registering still succeeds; the mail is retried with backoff and arrives once the server is back', async () => {
    await smtp.down();
    const email = uniqueEmail('down');
    const res = await callApi(register, { json: { email, password: 'secret-1' } });
    expect(res.code).toBe(1);

    expect(await deliverMail()).toMatchObject({ sent: 0, failed: 1 });
    const [row] = await queuedFor(email, 'verify');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/ECONNREFUSED/);
    // Not again before its backoff has passed.
    expect((await deliverMail()).failed).toBe(0);

    await smtp.up();
    expect((await deliverMail(later(backoffMs(1)))).sent).toBe(1);
    expect(smtp.to(email)).toHaveLength(1);
    const [sent] = await queuedFor(email, 'verify');
    // A delivered mail keeps no body: it may have held a live link.
    expect(sent).toMatchObject({ status: 'sent', text: '', html: '' });
    expect((await deliverMail(later(3600_000))).sent).toBe(0);
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('gives up after the last attempt and shows the failure to administrators, who can send it again', async () => {
    const admin = await registerAdmin();
    await smtp.down();
    const email = uniqueEmail('gaveup');
    await queueMail({
      to: email,
      kind: 'verify',
      locale: 'en-us',
      content: { subject: 'Hello', paragraphs: ['Hi'], footer: [] },
    });
    let at = Date.now();
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      await deliverMail(new Date(at));
      at += backoffMs(i) + 1000;
    }
    const [row] = await queuedFor(email);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });

    const view = await callApi<OutboxInfo>(mailOutbox, { token: admin.token, lang: 'en-us' });
    expect(view.info.failed).toBeGreaterThanOrEqual(1);
    const listed = view.info.list.find((m) => m.to === email);
    expect(listed).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      last_error: expect.stringMatching(/ECONNREFUSED/),
    });

    await smtp.up();
    const retried = await callApi(mailOutbox, {
      json: { action: 'retry', id: row!.id },
      token: admin.token,
      lang: 'en-us',
    });
    expect(retried.msg).toBe('The mail will be sent again');
    await deliverMail();
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('a mailbox the server refuses for good (5xx) fails at once instead of retrying for hours', async () => {
    smtp.state.refuse = true;
    try {
      const email = uniqueEmail('refused');
      await queueMail({
        to: email,
        kind: 'verify',
        locale: 'en-us',
        content: { subject: 'Hi', paragraphs: ['x'], footer: [] },
      });
      await deliverMail();
      const [row] = await queuedFor(email);
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row?.lastError).toMatch(/550/);
    } finally {
      smtp.state.refuse = false;
    }
  });

  it('the mail queue is for administrators only', async () => {
    const dev = await registerUser();
    expect((await callApi(mailOutbox, { token: dev.token })).status).toBe(403);
    expect((await callApi(mailOutbox, {})).status).toBe(401);
  });
});

describe('mail is claimed once', () => {
  it('two delivery runs at the same moment (two nodes) send each mail once', async () => {
    const email = uniqueEmail('once');
    for (let i = 0; i < 5; i++)
      await queueMail({
        to: email,
        kind: 'verify',
        locale: 'en-us',
        content: { subject: `n${i}`, paragraphs: ['x'], footer: [] },
      });
    await Promise.all([deliverMail(), deliverMail()]);
    expect(
      smtp
        .to(email)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
  });
});

describe('header injection', () => {
  it('line breaks in a subject or a name never become headers, and the mail goes to its one recipient', async () => {
    const email = uniqueEmail('inject');
    await queueMail({
      to: email,
      kind: 'review',
      locale: 'en-us',
      content: {
        subject: 'Approved: Evil\r\nBcc: victim@evil.test\r\nX-Injected: 1\u2028Subject: spoof',
        paragraphs: ['Hello Evil\r\nBcc: victim@evil.test,'],
        footer: [],
      },
    });
    await deliverMail();
    const [mail] = smtp.to(email);
    expect(mail?.rcpt).toEqual([email]);
    expect(smtp.to('victim@evil.test')).toHaveLength(0);
    expect(mail?.mail.headers.has('bcc')).toBe(false);
    expect(mail?.mail.headers.has('x-injected')).toBe(false);
    expect(mail?.subject).toBe('Approved: Evil Bcc: victim@evil.test X-Injected: 1 Subject: spoof');
  });

  it('refuses a recipient that is not one plain address', async () => {
    for (const to of ['a@b.com\r\nBcc: c@d.com', 'a@b.com, c@d.com', '"x" <a@b.com>'])
      await expect(
        queueMail({
          to,
          kind: 'verify',
          locale: 'en-us',
          content: { subject: 'x', paragraphs: [], footer: [] },
        }),
      ).rejects.toThrow('plain address');
  });
});
