import { afterAll, describe, expect, it, vi } from 'vitest';
import { queueMail } from '@/server/mail/queue';
import { uniqueEmail } from '../../support/factories';
import { deliverMail } from '../../support/mail';

/**
 * Delivery is at least once: a mail whose sending was not confirmed is sent again. Every copy of one
 * mail carries the same Message-ID, so the receiving side knows it for the same message.
 */
const smtp = await vi.hoisted(async () => {
  const { smtpEnvironment } = await import('../accounts/smtp-env');
  return smtpEnvironment();
});
afterAll(() => smtp.close());

const later = (ms: number) => new Date(Date.now() + ms + 1000);

describe('a mail sent twice', () => {
  it('is the same message both times: a server that took the mail and never confirmed, then a retry', async () => {
    const email = uniqueEmail('twice');
    await queueMail({
      to: email,
      kind: 'verify',
      locale: 'en-us',
      content: { subject: 'Hello', paragraphs: ['Hi'], footer: [] },
    });
    smtp.state.hang = true;
    const first = deliverMail(); // no answer from the server: as a node that died waiting
    try {
      for (let i = 0; i < 100 && smtp.to(email).length === 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(smtp.to(email)).toHaveLength(1);
      smtp.state.hang = false;
      // Once the claim has lapsed, another run (another node) sends it again.
      expect((await deliverMail(later(2 * 60_000))).sent).toBe(1);
    } finally {
      smtp.state.hang = false;
      smtp.confirm();
      await first;
    }
    const copies = smtp.to(email).map((r) => r.header('message-id'));
    expect(copies).toHaveLength(2);
    expect(copies[0]).toMatch(/^<[^<>\s]+@portal\.test>$/);
    expect(copies[1]).toBe(copies[0]);
  }, 60_000); // the file's first test also makes its database

  it('gets a Message-ID of its own, different from any other mail', async () => {
    const a = uniqueEmail('own-a');
    const b = uniqueEmail('own-b');
    for (const to of [a, b]) {
      await queueMail({
        to,
        kind: 'verify',
        locale: 'en-us',
        content: { subject: 'Hi', paragraphs: ['Hi'], footer: [] },
      });
    }
    await deliverMail();
    const ids = [...smtp.to(a), ...smtp.to(b)].map((r) => r.header('message-id'));
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });
});
