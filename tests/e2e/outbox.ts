import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';

/**
 * The e2e server runs the embedded default (no SMTP_URL): its mail lands as .eml files in
 * DATA_DIR/outbox/, the folder playwright.config.ts gives it. Tests read their mail from there,
 * as a newcomer would.
 */
export const outboxDir = () =>
  path.join(os.tmpdir(), `maccms-portal-e2e-data-${process.env.E2E_PORT ?? 3210}`, 'outbox');

export type Mail = { subject: string; text: string; html: string; links: string[] };

async function readMail(to: string): Promise<Mail[]> {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  const mails: Mail[] = [];
  for (const file of files) {
    const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
    const address = mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined;
    if (address !== to) continue;
    const text = mail.text ?? '';
    mails.push({
      subject: mail.subject ?? '',
      text,
      html: typeof mail.html === 'string' ? mail.html : '',
      links: [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
    });
  }
  return mails;
}

/** Waits for the mail to `to` whose subject matches, delivered by the server's queue. */
export async function mailTo(to: string, subject: RegExp, timeout = 20_000): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await readMail(to)).findLast((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout, message: `a mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The path and query of a mailed link, to open on the test server. */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Follows the verification link mailed to a freshly registered account (in the page's context). */
export async function verifyEmail(page: Page, email: string) {
  const mail = await mailTo(email, /verify|验证|驗證|Confirm your email/i);
  const code = new URL(mail.links[0]!).searchParams.get('token');
  const res = await page.request.post('/api/user/verify_email', { data: { code } });
  expect((await res.json()).code).toBe(1);
}
