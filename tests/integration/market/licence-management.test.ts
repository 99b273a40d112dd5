import { describe, expect, it, vi } from 'vitest';
import { POST as authCodes, GET as authCodesGet } from '@/app/api/developer/auth_codes/route';
import { POST as getAuthCode } from '@/app/api/developer/get_auth_code/route';
import { POST as howToBuy } from '@/app/api/developer/how_to_buy/route';
import { POST as revokeCode } from '@/app/api/developer/revoke_auth_code/route';
import { POST as pluginDetail } from '@/app/api/market_plugins/detail/route';
import { POST as pluginDownload } from '@/app/api/market_plugins/plugins_download/route';
import { POST as pluginVerify } from '@/app/api/market_plugins/verify_auth_code/route';
import { formatTime, unixTime } from '@/contract/format';
import type { LicenceCode, LicenceList } from '@/contract/licence';
import { registerUser } from '../../support/factories';
import { callApi, registerAdmin, releaseItem } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

type Generated = { code: string; num: number; list: LicenceCode[] };

const generate = (token: string, json: Record<string, unknown>) =>
  callApi<Generated>(getAuthCode, { json, token, lang: 'en-us' });

const listCodes = (token: string, id: number) =>
  callApi<LicenceList>(authCodes, { json: { id }, token, lang: 'en-us' });

/** The CMS's licence check, from a site whose page address is `site` (Referer), or none. */
const cmsCheck = (id: number, code: string, site?: string) =>
  callApi<{ id: number }>(pluginVerify, {
    form: { id: String(id), type: 'plugins', license: code, code },
    lang: 'en-us',
    headers: site ? { referer: `https://${site}/admin.php/admin/addon/index.html` } : {},
  });

async function paidItem() {
  const dev = await registerUser();
  const admin = await registerAdmin();
  const item = await releaseItem(dev, admin, { overrides: { toll: '1' } });
  return { dev, admin, id: item.id };
}

const codeRow = (list: LicenceList, code: string) => list.list.find((c) => c.code === code);

describe('licence management', () => {
  it('makes a code only when asked: listing the codes creates none', async () => {
    const { dev, id } = await paidItem();
    const empty = await listCodes(dev.token, id);
    expect(empty).toMatchObject({ code: 1, info: { total: 0, list: [], toll: 1 } });
    const read = await callApi<LicenceList>(authCodesGet, {
      method: 'GET',
      path: `/api/developer/auth_codes?id=${id}`,
      token: dev.token,
    });
    expect(read.info.total).toBe(0);
    expect((await listCodes(dev.token, id)).info.total).toBe(0);

    const made = await generate(dev.token, { id });
    expect(made).toMatchObject({ code: 1, msg: 'A new authorization code was generated' });
    expect(made.info.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const after = await listCodes(dev.token, id);
    expect(after.info.total).toBe(1);
    expect(codeRow(after.info, made.info.code)).toMatchObject({
      uses: 0,
      max_sites: 0,
      expires: '',
      status: 'active',
      sites: [],
    });
  });

  it('records the site address of every CMS check, once per site, with its uses', async () => {
    const { dev, id } = await paidItem();
    const { code } = (await generate(dev.token, { id })).info;
    expect(await cmsCheck(id, code, 'www.site-a.example')).toMatchObject({ status: 200, code: 1 });
    expect(await cmsCheck(id, code.toLowerCase(), 'www.site-a.example')).toMatchObject({ code: 1 });
    expect(await cmsCheck(id, code, 'films.site-b.example')).toMatchObject({ code: 1 });
    const row = codeRow((await listCodes(dev.token, id)).info, code)!;
    expect(row.uses).toBe(3);
    expect(row.site_count).toBe(2);
    expect(Object.fromEntries(row.sites.map((s) => [s.host, s.uses]))).toEqual({
      'www.site-a.example': 2,
      'films.site-b.example': 1,
    });
    // Without a page address (the CMS's curl sends none), the site is the address the call came from.
    await callApi(pluginVerify, { form: { id: String(id), code }, ip: '198.51.100.7', lang: 'en-us' });
    const later = codeRow((await listCodes(dev.token, id)).info, code)!;
    expect(later.sites.map((s) => s.host)).toContain('198.51.100.7');
  });

  it('enforces a sites limit: the sites that redeemed it keep working, a new one is refused', async () => {
    const { dev, id } = await paidItem();
    const made = await generate(dev.token, { id, max_sites: 2 });
    const { code } = made.info;
    expect(codeRow((await listCodes(dev.token, id)).info, code)?.max_sites).toBe(2);
    expect(await cmsCheck(id, code, 'one.example')).toMatchObject({ code: 1 });
    expect(await cmsCheck(id, code, 'two.example')).toMatchObject({ code: 1 });
    const third = await cmsCheck(id, code, 'three.example');
    // The shape the CMS reads for any refused code: HTTP 200, code 0 and a message it shows as is.
    expect(third).toMatchObject({
      status: 200,
      code: 0,
      msg: 'This authorization code is already used by as many sites as it allows',
    });
    expect(await cmsCheck(id, code, 'one.example')).toMatchObject({ code: 1 });
    // The download call holds to the same rule.
    const download = await callApi(pluginDownload, {
      form: { id: String(id), code },
      lang: 'en-us',
      headers: { referer: 'https://three.example/admin.php' },
    });
    expect(download).toMatchObject({ status: 200, code: 0 });
    const row = codeRow((await listCodes(dev.token, id)).info, code)!;
    expect(row).toMatchObject({ status: 'full', site_count: 2, uses: 3 });
  });

  it('enforces an expiry day and refuses a day already past', async () => {
    const { dev, id } = await paidItem();
    const yesterday = formatTime(unixTime(new Date()) - 86_400, true);
    const past = await generate(dev.token, { id, expires: yesterday });
    expect(past).toMatchObject({ code: 0, msg: 'The last day must be today or later' });
    const badDay = await generate(dev.token, { id, expires: 'soon' });
    expect(badDay).toMatchObject({ code: 0 });
    const nextYear = formatTime(unixTime(new Date()) + 365 * 86_400, true);
    const made = await generate(dev.token, { id, expires: nextYear });
    expect(made.code).toBe(1);
    expect(codeRow((await listCodes(dev.token, id)).info, made.info.code)?.expires).toBe(nextYear);
    expect(await cmsCheck(id, made.info.code, 'site.example')).toMatchObject({ code: 1 });
    // The same code once its day is over: checked at a later moment through the service.
    const { verifyAuthCode } = await import('@/server/market/auth-codes');
    const later = new Date(Date.now() + 400 * 86_400_000);
    await expect(
      verifyAuthCode({ appId: id, code: made.info.code, now: later, site: 'site.example' }),
    ).rejects.toMatchObject({ messageKey: 'market.err.codeExpired' });
  });

  it('revokes a code: every check and download fails afterwards, and it stays listed', async () => {
    const { dev, id } = await paidItem();
    const { code } = (await generate(dev.token, { id })).info;
    expect(await cmsCheck(id, code, 'site.example')).toMatchObject({ code: 1 });
    const row = codeRow((await listCodes(dev.token, id)).info, code)!;
    const revoked = await callApi<LicenceCode>(revokeCode, {
      json: { id, code_id: row.id },
      token: dev.token,
      lang: 'en-us',
    });
    expect(revoked).toMatchObject({ code: 1, msg: 'The authorization code was revoked' });
    expect(revoked.info.status).toBe('revoked');
    expect(await cmsCheck(id, code, 'site.example')).toMatchObject({
      status: 200,
      code: 0,
      msg: 'This authorization code was revoked by the developer',
    });
    const download = await callApi(pluginDownload, { form: { id: String(id), code }, lang: 'en-us' });
    expect(download).toMatchObject({ status: 200, code: 0 });
    const listed = codeRow((await listCodes(dev.token, id)).info, code)!;
    expect(listed).toMatchObject({ status: 'revoked', uses: 1 });
    expect(listed.sites.map((s) => s.host)).toEqual(['site.example']);
  });

  it("keeps an item's codes to its developer and administrators", async () => {
    const { dev, admin, id } = await paidItem();
    const { code } = (await generate(dev.token, { id })).info;
    const codeId = codeRow((await listCodes(dev.token, id)).info, code)!.id;
    const other = await registerUser();
    const tries = [
      await listCodes(other.token, id),
      await generate(other.token, { id }),
      await callApi(revokeCode, { json: { id, code_id: codeId }, token: other.token, lang: 'en-us' }),
      await callApi(howToBuy, { json: { id, how_to_buy: 'mine now' }, token: other.token, lang: 'en-us' }),
    ];
    for (const answer of tries) {
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.info ?? null)).not.toContain(code);
    }
    // Another item's code id cannot be revoked through one's own item.
    const mine = await paidItem();
    const wrongItem = await callApi(revokeCode, {
      json: { id: mine.id, code_id: codeId },
      token: mine.dev.token,
      lang: 'en-us',
    });
    expect(wrongItem).toMatchObject({ code: 0, msg: 'This item has no such authorization code' });
    expect(codeRow((await listCodes(dev.token, id)).info, code)?.status).toBe('active');
    // Without a session: 401.
    expect((await callApi(authCodes, { json: { id } })).status).toBe(401);
    // An administrator sees them.
    const seen = await listCodes(admin.token, id);
    expect(seen.code).toBe(1);
    expect(codeRow(seen.info, code)).toBeDefined();
  });

  it("shows a paid item's how-to-buy note on its public detail, plain text and length-limited", async () => {
    const { dev, id } = await paidItem();
    const note = 'Pay at https://shop.example/\nthen write to sales@example.com with the order number.';
    const saved = await callApi(howToBuy, {
      json: { id, how_to_buy: note },
      token: dev.token,
      lang: 'en-us',
    });
    expect(saved).toMatchObject({ code: 1, info: { id, how_to_buy: note } });
    const detail = await callApi<{ how_to_buy: string; detail: { toll: number } }>(pluginDetail, {
      form: { id: String(id) },
      lang: 'en-us',
    });
    expect(detail.info).toMatchObject({ how_to_buy: note, detail: { toll: 1 } });
    expect((await listCodes(dev.token, id)).info.how_to_buy).toBe(note);

    const markup = await callApi(howToBuy, {
      json: { id, how_to_buy: '<a href="x">buy</a>' },
      token: dev.token,
      lang: 'en-us',
    });
    expect(markup).toMatchObject({ code: 0, msg: 'The note is plain text: remove the markup (<…>)' });
    const long = await callApi(howToBuy, {
      json: { id, how_to_buy: 'x'.repeat(501) },
      token: dev.token,
      lang: 'en-us',
    });
    expect(long).toMatchObject({ code: 0, msg: 'The note may be at most 500 characters' });
  });
});
