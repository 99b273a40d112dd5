import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/user/login/route';
import { POST as logout } from '@/app/api/user/logout/route';
import { POST as userInfo, GET as userInfoGet } from '@/app/api/user/user_info/route';
import type { UserInfo } from '@/contract/user';
import { type CallOptions, callApi } from '../support/api';
import { type Registered, registerUser, validProfile } from '../support/factories';

const REFUSED = 'Requests from other sites are not accepted';

const profileOf = async (account: Registered) =>
  (await callApi<UserInfo>(userInfo, { json: { type: 'info' }, token: account.token })).info;

/** A profile change as a page on another site could make the victim's browser send it. */
const forged = (account: Registered, send: CallOptions) =>
  callApi<UserInfo>(userInfo, {
    text: JSON.stringify(validProfile({ name: 'Forged', email: account.email })),
    cookie: account.cookie,
    lang: 'en-us',
    ...send,
  });

describe('state changes only through POST, so a link or an image on another site cannot make one', () => {
  it('GET user_info with type=update is refused and changes nothing', async () => {
    const account = await registerUser();
    const query = new URLSearchParams({ ...validProfile({ name: 'ByGet', email: account.email }) });
    const res = await callApi<UserInfo>(userInfoGet, {
      method: 'GET',
      path: `/api/user/user_info?${query}`,
      cookie: account.cookie,
      lang: 'en-us',
    });
    // Not a success that saved nothing: the caller is told to POST.
    expect(res.status).toBe(405);
    expect(res).toMatchObject({ code: 0, msg: 'This API accepts POST requests only' });
    const after = await profileOf(account);
    expect(after.name).not.toBe('ByGet');
    expect(after.email).toBe(account.email);
  });
});

describe('cookie-authenticated calls from another site are refused', () => {
  const shapes: [string, CallOptions][] = [
    ['Origin of another site, text/plain', { headers: { origin: 'http://evil.example' } }],
    ['Origin: null (sandboxed frame, data: URL)', { headers: { origin: 'null' }, contentType: 'text/plain' }],
    ['Sec-Fetch-Site: cross-site without Origin', { headers: { 'sec-fetch-site': 'cross-site' } }],
    [
      'Sec-Fetch-Site: same-site (a sibling subdomain)',
      { headers: { 'sec-fetch-site': 'same-site', origin: 'http://x.localhost:3000' } },
    ],
    [
      'a cross-site form post',
      {
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        contentType: 'application/x-www-form-urlencoded',
      },
    ],
    ['Origin on the same host name but another port', { headers: { origin: 'http://localhost:4000' } }],
  ];
  for (const [name, send] of shapes) {
    it(name, async () => {
      const account = await registerUser();
      const res = await forged(account, send);
      expect(res.status).toBe(403);
      expect(res).toMatchObject({ code: 0, msg: REFUSED, info: null });
      expect((await profileOf(account)).name).not.toBe('Forged');
    });
  }

  it('a foreign page cannot log a visitor in or out either', async () => {
    const account = await registerUser();
    const cross = { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' };
    const signIn = await callApi(login, {
      form: { email: account.email, password: account.password },
      headers: cross,
      lang: 'zh-cn',
    });
    expect(signIn.status).toBe(403);
    expect(signIn.msg).toBe('不接受来自其他网站的请求');
    expect((await callApi(logout, { cookie: account.cookie, headers: cross })).status).toBe(403);
    expect((await profileOf(account)).email).toBe(account.email); // the session still works
  });
});

describe('calls that are not cross-site keep working', () => {
  it('the portal’s own pages (same origin, as browsers mark it)', async () => {
    const account = await registerUser();
    const variants: Record<string, string>[] = [
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost:3000' },
      { 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of variants) {
      const res = await forged(account, {
        headers,
        text: JSON.stringify(validProfile({ email: account.email })),
      });
      expect(res.code, JSON.stringify(headers)).toBe(1);
    }
  });

  it('an Origin naming the Host the browser used', async () => {
    const account = await registerUser();
    const viaHost = await forged(account, {
      headers: { origin: 'https://portal.example.com', host: 'portal.example.com' },
    });
    expect(viaHost.code).toBe(1);
  });

  it('API clients with the token header, whatever origin they claim', async () => {
    const account = await registerUser();
    const res = await callApi<UserInfo>(userInfo, {
      json: validProfile({ name: 'Client', email: account.email }),
      token: account.token,
      headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.code).toBe(1);
    expect(res.info.name).toBe('Client');
  });

  it('clients that send neither Origin nor Sec-Fetch-Site (the CMS, curl) with the cookie', async () => {
    const account = await registerUser();
    const res = await forged(account, {});
    expect(res.code).toBe(1);
    expect(res.info.name).toBe('Forged');
  });

  it('reads (GET) from anywhere: they change nothing', async () => {
    const account = await registerUser();
    const res = await callApi<UserInfo>(userInfoGet, {
      method: 'GET',
      cookie: account.cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.code).toBe(1);
  });
});
