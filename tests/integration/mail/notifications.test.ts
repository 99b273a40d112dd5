import { afterAll, describe, expect, it, vi } from 'vitest';
import { POST as getAuthCode } from '@/app/api/developer/get_auth_code/route';
import { POST as pluginAudit } from '@/app/api/developer_plugins/do_audit/route';
import { POST as pluginVerify } from '@/app/api/market_plugins/verify_auth_code/route';
import { POST as mailPreferences } from '@/app/api/user/mail_preferences/route';
import { POST as unsubscribe } from '@/app/api/user/mail_unsubscribe/route';
import type { MailPreferences } from '@/contract/account';
import { sendFeedbackDigests } from '@/server/mail/notify/feedback-digest';
import { callApi } from '../../support/api';
import { registerUser } from '../../support/factories';
import { deliverMail, linkParam } from '../../support/mail';
import { cmsFields, releasedItem, sendFeedback } from '../market/feedback-support';
import { registerAdmin, releaseItem, submitPlugin } from '../market/support';

vi.mock('@/server/storage', async () => ({ storage: (await import('../market/test-storage')).testStorage }));

const smtp = await vi.hoisted(async () => {
  const { smtpEnvironment } = await import('../accounts/smtp-env');
  return smtpEnvironment();
});
afterAll(() => smtp.close());

const mailsTo = async (email: string, kind: RegExp) => {
  await deliverMail();
  return smtp.to(email).filter((m) => kind.test(m.subject));
};

describe('review results', () => {
  it('mail the developer when a version is approved, with a way to turn it off', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id } = await submitPlugin(dev.token, { name: 'Star player' });
    await callApi(pluginAudit, { json: { id, status: 1, version: '1.2.0' }, token: admin.token });
    const [mail] = await mailsTo(dev.email, /审核通过/);
    expect(mail?.subject).toBe('审核通过：Star player 1.2.0');
    expect(mail?.text).toContain('你的插件“Star player”版本 1.2.0 已通过审核');
    expect(mail?.html).toContain('https://portal.test/market/devCenter');
    // The footer links to the preferences page; the header offers one-click unsubscribe (RFC 8058).
    expect(mail?.text).toMatch(/退订: https:\/\/portal\.test\/user\/mail\?key=[\w-]+&off=review/);
    expect(mail?.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail?.header('List-Unsubscribe')).toMatch(
      /^<https:\/\/portal\.test\/api\/user\/mail_unsubscribe\?key=[\w-]+&topic=review>$/,
    );
  });

  it('mail the reviewer’s reason on rejection, in the developer’s language', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    await callApi(mailPreferences, { token: dev.token }); // any call keeps the account's language
    const { id } = await submitPlugin(dev.token, { name: 'Leaky' });
    await callApi(pluginAudit, {
      json: { id, status: 2, remarks: 'Calls eval() on a remote string' },
      token: admin.token,
    });
    const [mail] = await mailsTo(dev.email, /审核未通过/);
    expect(mail?.text).toContain('审核意见：Calls eval() on a remote string');
  });

  it('stop once the developer unsubscribes with the link, without logging in', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const first = await submitPlugin(dev.token, { name: 'One' });
    await callApi(pluginAudit, { json: { id: first.id, status: 1, version: '1.0.0' }, token: admin.token });
    const [mail] = await mailsTo(dev.email, /审核通过/);
    const url = new URL(mail?.header('List-Unsubscribe')?.slice(1, -1) ?? '');
    const res = await callApi(unsubscribe, {
      path: `${url.pathname}${url.search}`,
      form: { 'List-Unsubscribe': 'One-Click' },
      lang: 'en-us',
    });
    expect(res).toMatchObject({ code: 1, msg: 'You are unsubscribed' });

    const prefs = await callApi<MailPreferences>(mailPreferences, { token: dev.token });
    expect(prefs.info).toMatchObject({ review: false, feedback: true, licence: true, email: dev.email });

    const second = await submitPlugin(dev.token, { name: 'Two' });
    await callApi(pluginAudit, { json: { id: second.id, status: 1, version: '1.0.0' }, token: admin.token });
    expect(await mailsTo(dev.email, /审核通过/)).toHaveLength(1);
  });
});

describe('the preferences page by link', () => {
  it('shows a masked address and changes the switches with the key alone; a wrong key changes nothing', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id } = await submitPlugin(dev.token);
    await callApi(pluginAudit, { json: { id, status: 1, version: '1.0.0' }, token: admin.token });
    const [mail] = await mailsTo(dev.email, /审核通过/);
    const key = linkParam(mail!.links.find((l) => l.includes('/user/mail'))!, 'key');

    const read = await callApi<MailPreferences>(mailPreferences, { json: { key } });
    expect(read.info.email).toMatch(/^d\*\*\*.@example\.com$/);
    const set = await callApi<MailPreferences>(mailPreferences, {
      json: { key, feedback: false },
      lang: 'en-us',
    });
    expect(set).toMatchObject({ msg: 'Mail settings saved', info: { feedback: false, review: true } });

    const wrong = await callApi(mailPreferences, { json: { key: `${key}x`, review: false }, lang: 'en-us' });
    expect(wrong).toMatchObject({ code: 0, msg: 'This link is not valid. Request a new one.' });
    expect((await callApi<MailPreferences>(mailPreferences, { token: dev.token })).info.review).toBe(true);
    expect((await callApi(mailPreferences, {})).status).toBe(401);
  });
});

describe('problem feedback digest', () => {
  it('sends one digest per developer a day at most, counting reports per item', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const id = await releasedItem(dev, admin, 'plugin', 'Digest player');
    for (let i = 0; i < 2; i++) expect((await sendFeedback(cmsFields(id))).code).toBe(1);
    expect(await sendFeedbackDigests()).toBeGreaterThanOrEqual(1);
    const [digest] = await mailsTo(dev.email, /问题反馈/);
    expect(digest?.subject).toBe('你的作品收到 2 条新的问题反馈');
    expect(digest?.text).toContain('Digest player：2 条');

    expect((await sendFeedback(cmsFields(id))).code).toBe(1);
    await sendFeedbackDigests();
    expect(await mailsTo(dev.email, /问题反馈/)).toHaveLength(1);
    // A day later the new report goes out, and only it.
    await sendFeedbackDigests(new Date(Date.now() + 86_400_000 + 60_000));
    const after = await mailsTo(dev.email, /问题反馈/);
    expect(after).toHaveLength(2);
    expect(after[1]?.subject).toBe('你的作品收到 1 条新的问题反馈');
  });
});

describe('licence codes', () => {
  it('mail the developer when a site redeems a code for the first time', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const paid = await releaseItem(dev, admin, { overrides: { toll: '1', name: 'Paid theme pack' } });
    const code = (await callApi<{ code: string }>(getAuthCode, { json: { id: paid.id }, token: dev.token }))
      .info.code;
    for (let i = 0; i < 2; i++)
      await callApi(pluginVerify, { form: { id: String(paid.id), type: 'plugins', license: code, code } });
    const mails = await mailsTo(dev.email, /授权码/);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Paid theme pack 的授权码已被使用');
    expect(mails[0]?.text).toContain(code);
    // The link opens this item in the developer centre.
    expect(mails[0]?.text).toContain(`https://portal.test/market/devCenter?detail=${paid.id}#detail`);
  });
});

describe('mail never goes to an address nobody proved', () => {
  it('an unverified developer gets no notification', async () => {
    const dev = await registerUser({ verified: false });
    const { notifyReviewed } = await import('@/server/mail/notify/review');
    await notifyReviewed({
      ownerId: dev.user.user_id,
      appId: 1,
      kind: 'plugin',
      name: 'X',
      version: '1',
      approved: true,
      remarks: '',
    });
    expect(await mailsTo(dev.email, /审核/)).toHaveLength(0);
  });
});
