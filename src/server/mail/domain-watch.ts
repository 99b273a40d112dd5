import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { formatTime, unixTime } from '@/contract/format';
import { type Locale, toLocale } from '@/contract/locales';
import { siteUrl } from '../config/env';
import { getDb } from '../db/client';
import { domainWatches } from '../db/schema';
import { invalid } from '../errors';
import { logFor } from '../log';
import { mailText, pageLink } from './links';
import { queueMail } from './queue';

const log = logFor('mail');

/** A host as the injected-code check names it (`example.com`, `example.com:8080`), lower case. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9-]{1,63}(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/;

export function watchHost(input: string): string {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');
  if (!HOST.test(host) || host.length > 253) throw invalid('domain.badAddress');
  return host;
}

const watchLinks = (locale: Locale, key: string, domain: string) => {
  const t = mailText(locale);
  return {
    footer: [t('watch.footer', { domain }), t('automatic')],
    footerLinks: [
      { label: t('unsubscribe'), url: pageLink(locale, '/user/watch', { key, action: 'unsubscribe' }) },
    ],
  };
};

/**
 * "Watch this domain": the address confirms first (a link mailed to it), so nobody can subscribe
 * someone else's mailbox; asking again re-sends the confirmation. Limited per caller and address
 * (declared by the operation, src/contract/api/account.ts).
 */
export async function watchDomain(args: {
  domain: string;
  email: string;
  locale: Locale;
  now: Date;
  /** The caller's own verified login email: watching with it needs no confirmation mail. */
  verifiedEmail?: string;
}) {
  const host = watchHost(args.domain);
  const db = await getDb();
  await db
    .insert(domainWatches)
    .values({ host, email: args.email, locale: args.locale, key: randomBytes(24).toString('base64url') })
    .onConflictDoNothing();
  const [watch] = await db
    .select()
    .from(domainWatches)
    .where(
      and(eq(domainWatches.host, host), sql`lower(${domainWatches.email}) = ${args.email.toLowerCase()}`),
    )
    .limit(1);
  if (!watch) throw new Error('domain watch vanished');
  if (watch.confirmedAt) return { domain: host, confirmed: true };
  if (args.verifiedEmail && args.verifiedEmail.toLowerCase() === watch.email.toLowerCase()) {
    await db.update(domainWatches).set({ confirmedAt: args.now }).where(eq(domainWatches.id, watch.id));
    return { domain: host, confirmed: true };
  }
  const t = mailText(args.locale);
  await queueMail({
    to: watch.email,
    kind: 'watch',
    locale: args.locale,
    content: {
      subject: t('watch.confirmSubject', { domain: host }),
      paragraphs: [t('watch.confirmIntro', { domain: host })],
      action: {
        label: t('watch.confirmAction'),
        url: pageLink(args.locale, '/user/watch', { key: watch.key, action: 'confirm' }),
      },
      notes: [t('ignore')],
      ...watchLinks(args.locale, watch.key, host),
    },
  });
  return { domain: host, confirmed: false };
}

/** Confirms a watch, or ends it (the unsubscribe link of every watch mail). */
export async function answerWatch(args: { key: string; action: 'confirm' | 'unsubscribe'; now: Date }) {
  const db = await getDb();
  if (args.action === 'unsubscribe') {
    const [gone] = await db.delete(domainWatches).where(eq(domainWatches.key, args.key)).returning();
    if (!gone) throw invalid('auth.api.watchMissing');
    return { domain: gone.host, watching: false };
  }
  const [row] = await db.select().from(domainWatches).where(eq(domainWatches.key, args.key)).limit(1);
  if (!row) throw invalid('auth.api.watchMissing');
  if (!row.confirmedAt)
    await db.update(domainWatches).set({ confirmedAt: args.now }).where(eq(domainWatches.id, row.id));
  return { domain: row.host, watching: true };
}

/**
 * Called by the injected-code monitor when a site's state changes: every confirmed watcher of the
 * domain gets a mail in the language they asked in. Never throws; never delays the check.
 */
export async function notifyDomainStatus(domain: string, status: string): Promise<void> {
  if (status !== 'injected' && status !== 'repaired') return;
  try {
    const db = await getDb();
    const host = domain.toLowerCase();
    const watchers = await db
      .select()
      .from(domainWatches)
      .where(and(eq(domainWatches.host, host), isNotNull(domainWatches.confirmedAt)));
    const time = formatTime(unixTime(new Date()));
    for (const w of watchers) {
      const locale = toLocale(w.locale);
      const t = mailText(locale);
      await queueMail({
        to: w.email,
        kind: 'watch',
        locale,
        content: {
          subject: t(status === 'injected' ? 'watch.injectedSubject' : 'watch.repairedSubject', {
            domain: host,
          }),
          paragraphs: [
            t(status === 'injected' ? 'watch.injected' : 'watch.repaired', { domain: host, time }),
          ],
          action: {
            label: t('watch.action'),
            url: pageLink(locale, '/domainDetection', { activeIndex: '3' }),
          },
          ...watchLinks(locale, w.key, host),
          unsubscribeUrl: `${siteUrl()}/api/user/mail_unsubscribe?${new URLSearchParams({ key: w.key, topic: 'watch' })}`,
        },
      });
    }
  } catch (error) {
    log.error({ err: error }, 'domain watch mail not queued');
  }
}
