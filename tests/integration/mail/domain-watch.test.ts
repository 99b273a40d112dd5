import { afterAll, describe, expect, it, vi } from 'vitest';
import { POST as watch } from '@/app/api/user/domain_watch/route';
import { POST as watchKey } from '@/app/api/user/domain_watch_key/route';
import { POST as unsubscribe } from '@/app/api/user/mail_unsubscribe/route';
import type { ScanResult } from '@/server/domain/inject/scan-site';
import { recordCheck } from '@/server/domain/record-check';
import { callApi, randomIp } from '../../support/api';
import { registerUser, uniqueEmail } from '../../support/factories';
import { deliverMail, linkParam, queuedFor } from '../../support/mail';

const smtp = await vi.hoisted(async () => {
  const { smtpEnvironment } = await import('../accounts/smtp-env');
  return smtpEnvironment();
});
afterAll(() => smtp.close());

const FINDING = {
  signature_id: 'test',
  severity: 'high',
  asset_url: 'http://x/',
  offset: 0,
  snippet: '<script src="https://zz.bdustatic.com/a.js">',
};
const scanOf = (host: string, injected: boolean) =>
  ({
    url: `http://${host}/`,
    status: injected ? 'injected' : 'clean',
    findings: injected ? [FINDING] : [],
    redirects: [],
    profiles: [{ name: 'desktop', status: 200, error: '' }],
    assetsScanned: 0,
    cuts: [],
    hosts: [],
    staticFiles: [],
  }) as unknown as ScanResult;

/** Records a check as the monitor does; watcher mails are queued right after it commits. */
async function check(host: string, injected: boolean) {
  await recordCheck({ host, url: `http://${host}/`, scan: scanOf(host, injected), now: new Date() });
  await new Promise((r) => setTimeout(r, 200));
  await deliverMail();
}

describe('watching a domain', () => {
  it('confirms the address first, then mails when the site is found injected and when it is repaired', async () => {
    const email = uniqueEmail('watcher');
    const host = `watched-${Date.now()}.example.com`;
    const res = await callApi(watch, {
      json: { domain: `https://${host.toUpperCase()}/page`, email },
      lang: 'en-us',
    });
    expect(res).toMatchObject({ code: 1, msg: 'Almost done: follow the link we mailed to you to confirm' });
    await deliverMail();
    const [confirm] = smtp.to(email);
    expect(confirm?.subject).toBe(`Confirm: watch ${host} for injected code`);

    // Nothing is sent before the address confirms.
    await check(host, true);
    expect(smtp.to(email)).toHaveLength(1);

    const key = linkParam(confirm!.links[0]!, 'key');
    expect((await callApi(watchKey, { json: { key, action: 'confirm' }, lang: 'en-us' })).code).toBe(1);

    await check(host, false);
    await check(host, false); // repaired after two clean checks
    const repaired = smtp.to(email).at(-1);
    expect(repaired?.subject).toBe(`${host} is clean again`);
    expect(repaired?.header('List-Unsubscribe')).toContain('topic=watch');

    await check(host, true);
    const injected = smtp.to(email).at(-1);
    expect(injected?.subject).toBe(`${host} was found injected`);
    expect(injected?.text).toMatch(
      /Unsubscribe: https:\/\/portal\.test\/en-us\/user\/watch\?key=[\w-]+&action=unsubscribe/,
    );

    const stop = await callApi(unsubscribe, { json: { key, topic: 'watch' }, lang: 'en-us' });
    expect(stop.msg).toBe('You are unsubscribed');
    const before = smtp.to(email).length;
    await check(host, false);
    await check(host, false);
    expect(smtp.to(email)).toHaveLength(before);
  });

  it('a logged-in user watching with their verified address needs no confirmation', async () => {
    const user = await registerUser();
    const host = `mine-${Date.now()}.example.com`;
    const res = await callApi(watch, {
      json: { domain: host, email: user.email },
      token: user.token,
      lang: 'en-us',
    });
    expect(res.msg).toBe(
      'Watching: you will get a mail when the monitor finds this domain injected or repaired',
    );
    await check(host, true);
    // No confirmation mail, and the alert comes in the language the watch was asked in.
    expect((await queuedFor(user.email, 'watch')).map((m) => m.subject)).toEqual([
      `${host} was found injected`,
    ]);
  });

  it('refuses a bad domain or address, unknown keys, and a flood from one address', async () => {
    const bad = await callApi(watch, {
      json: { domain: 'not a domain', email: uniqueEmail() },
      lang: 'en-us',
    });
    expect(bad.code).toBe(0);
    const badMail = await callApi(watch, { json: { domain: 'a.com', email: 'x@y' }, lang: 'en-us' });
    expect(badMail.msg).toBe('Please enter the correct email address');
    const unknown = await callApi(watchKey, { json: { key: 'nope', action: 'confirm' }, lang: 'en-us' });
    expect(unknown.msg).toBe('This watch does not exist (any more)');
    const ip = randomIp();
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await callApi(watch, { json: { domain: `f${i}.example.com`, email: uniqueEmail() }, ip })).status,
      );
    expect(statuses.at(-1)).toBe(429);
  });
});
