import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type Received = {
  /** Envelope recipients (RCPT TO), which is where the mail really goes. */
  rcpt: string[];
  raw: string;
  mail: ParsedMail;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the plain-text part. */
  links: string[];
  /** A header as sent (folded lines joined), or undefined. */
  header: (name: string) => string | undefined;
};

const headerOf = (raw: string, name: string) => {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
};

/**
 * A real SMTP server on 127.0.0.1 for the tests: it receives what the portal sends and parses it.
 * `down()` stops accepting connections (a mail server that is off); `up()` starts again on the same port.
 * `refuse` makes it answer 550 to RCPT TO (a mailbox that does not exist). `hang` makes it take a
 * mail's data and never confirm it (the sender cannot know whether it was accepted); `confirm()`
 * answers those at last.
 */
export async function startSmtp() {
  const received: Received[] = [];
  const state = { refuse: false, hang: false };
  const unconfirmed: (() => void)[] = [];
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (state.refuse) {
          const error = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail = await simpleParser(raw);
          const text = mail.text ?? '';
          received.push({
            rcpt: session.envelope.rcptTo.map((r) => r.address),
            raw,
            mail,
            subject: mail.subject ?? '',
            text,
            html: typeof mail.html === 'string' ? mail.html : '',
            links: [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
            header: (name) => headerOf(raw, name),
          });
          if (state.hang) unconfirmed.push(() => callback());
          else callback();
        });
      },
    });
  let server = make();
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
    );
  const port = await listen(0);
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    /** Confirms the mail taken while `hang` was set. */
    confirm: () => {
      for (const answer of unconfirmed.splice(0)) answer();
    },
    /** Mail received for `to` so far. */
    to: (to: string) => received.filter((r) => r.rcpt.includes(to)),
    down: () => new Promise<void>((resolve) => server.close(() => resolve())),
    up: async () => {
      server = make();
      await listen(port);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;
