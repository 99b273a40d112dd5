import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { env } from '../config/env';
import { logFor } from '../log';

const log = logFor('mail');

export type OutgoingMail = {
  id: number;
  /** When the mail was queued: with `id`, what its Message-ID is made of (messageId below). */
  createdAt: Date;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** The mail's main link, printed in the log by the outbox so a newcomer can follow it. */
  link?: string;
};

/** Where mail goes: an SMTP server, or (embedded default) .eml files in DATA_DIR/outbox/. */
export type MailTransport = { mode: 'smtp' | 'outbox'; send: (mail: OutgoingMail) => Promise<void> };

const DEFAULT_FROM = 'MacCMS Pro <noreply@localhost>';
const holder = globalThis as unknown as { __portalMail?: MailTransport };

export function mailTransport(): MailTransport {
  holder.__portalMail ??= env().SMTP_URL ? smtpTransport(env().SMTP_URL!) : outboxTransport(outboxDir());
  return holder.__portalMail;
}

/** The outbox folder; a throw-away database (tests) gets a throw-away folder. */
export function outboxDir(): string {
  const dir = env().DATA_DIR;
  return dir.startsWith('memory://')
    ? path.join(os.tmpdir(), `portal-outbox-${process.pid}`)
    : path.join(dir, 'outbox');
}

/**
 * A mail's Message-ID, the same on every attempt: from its outbox row (id and the moment it was
 * queued) and the sender's domain. Delivery is at least once (a server that accepted the mail but
 * never confirmed, a node that died before the reply: the mail is sent again); a second copy with the
 * same Message-ID is the same message, which mail systems and mail programs drop.
 */
export function messageId(mail: Pick<OutgoingMail, 'id' | 'createdAt'>, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<outbox-${mail.id}.${mail.createdAt.getTime().toString(36)}@${domain}>`;
}

const message = (mail: OutgoingMail) => ({
  from: env().MAIL_FROM ?? DEFAULT_FROM,
  messageId: messageId(mail, env().MAIL_FROM ?? DEFAULT_FROM),
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  headers: mail.headers,
});

function smtpTransport(url: string): MailTransport {
  // Short timeouts: a server that does not answer fails this attempt, and the queue retries later.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    mode: 'smtp',
    send: async (mail) => {
      await transporter.sendMail(message(mail));
    },
  };
}

function outboxTransport(dir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    send: async (mail) => {
      const info = await composer.sendMail(message(mail));
      await fs.promises.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${mail.id}-${mail.kind}.eml`);
      const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      await fs.promises.writeFile(temp, info.message as Buffer);
      await fs.promises.rename(temp, file);
      // The embedded default's way to follow a mail: its file and its link, in the log.
      log.info({ to: mail.to, subject: mail.subject, file, link: mail.link }, 'mail written to the outbox');
    },
  };
}
