import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { POST as forgot } from '@/app/api/user/forgot_password/route';
import { POST as register } from '@/app/api/user/register/route';
import { outboxDir } from '@/server/mail/transport';
import { callApi } from '../../support/api';
import { uniqueEmail } from '../../support/factories';
import { logged } from '../../support/logs';
import { deliverMail } from '../../support/mail';

// The embedded default: no SMTP_URL, so mail lands in DATA_DIR/outbox/ and its link in the log.
const emlFor = async (email: string) => {
  const files = fs.readdirSync(outboxDir()).filter((f) => f.endsWith('.eml'));
  const mails = await Promise.all(
    files.map(async (f) => simpleParser(fs.readFileSync(path.join(outboxDir(), f)))),
  );
  return mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === email);
};

describe('the outbox (no SMTP configured)', () => {
  it('writes each mail as an .eml file with a text and an HTML part, and prints its link', async () => {
    const email = uniqueEmail('outbox');
    await callApi(register, { json: { email, password: 'secret-1' }, lang: 'en-us' });
    await callApi(forgot, { json: { email }, lang: 'en-us' });
    expect(await deliverMail()).toMatchObject({ sent: 2, failed: 0 });

    const mails = await emlFor(email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Confirm your email address for MacCMS Pro',
      'Reset your MacCMS Pro password',
    ]);
    for (const m of mails) {
      expect(m.text).toMatch(/http:\/\/localhost:3000\/en-us\/user\/(verify|reset)\?token=[\w-]{43}/);
      expect(m.html).toContain('<a href="http://localhost:3000/en-us/user/');
      expect(m.from?.text).toContain('noreply@localhost');
    }
    const printed = logged('mail written to the outbox').map((l) => String(l.link));
    expect(printed.join('\n')).toMatch(/http:\/\/localhost:3000\/en-us\/user\/verify\?token=/);
    expect(printed.join('\n')).toMatch(/http:\/\/localhost:3000\/en-us\/user\/reset\?token=/);
  });
});
