import 'server-only';
import type { Db } from '../db/client';
import { getDb } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { MailContent, MailKind } from './content';
import { kickDelivery } from './deliver';
import { assertRecipient, headerText } from './headers';
import { renderHtml, renderText } from './render';

export type QueuedMail = { to: string; kind: MailKind; locale: string; content: MailContent };

/**
 * Puts a mail in the outbox; delivery happens in the background (deliver.ts), so the request that
 * caused it never waits for, or fails with, the mail server. `db` may be an open transaction, then
 * the mail exists only if the transaction commits.
 */
export async function queueMail(mail: QueuedMail, db?: Db): Promise<void> {
  const { content } = mail;
  const headers: Record<string, string> = {};
  if (content.unsubscribeUrl) {
    // RFC 8058: mail clients may offer their own "unsubscribe" button, which POSTs to this address.
    headers['List-Unsubscribe'] = `<${content.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  await (db ?? (await getDb())).insert(mailOutbox).values({
    kind: mail.kind,
    to: assertRecipient(mail.to),
    subject: headerText(content.subject),
    text: renderText(content),
    html: renderHtml(content, mail.locale),
    headers,
    // Due from this moment on the clock deliverDueMail() compares with: the database's now() has
    // microseconds, so a delivery run in the same millisecond would not yet see the mail as due.
    nextAttemptAt: new Date(),
  });
  if (!db) kickDelivery();
}
