import { beforeAll, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/user/login/route';
import { POST as userInfo, GET as userInfoGet } from '@/app/api/user/user_info/route';
import { BODY_LIMITS } from '@/contract/limits';
import type { UserInfo } from '@/contract/user';
import { callApi } from '../support/api';
import { registerUser, validProfile } from '../support/factories';

const { fields: MAX_FIELDS, depth: MAX_DEPTH } = BODY_LIMITS;
const TOO_MANY = `The request has too many fields (at most ${MAX_FIELDS.toLocaleString('en-US')})`;
const TOO_DEEP = `The request body is nested too deeply (at most ${MAX_DEPTH} levels)`;
const NUL = 'The request contains a NUL character';

// Calls open to anyone read at most a small form (SMALL_BODY_BYTES); the shapes below are sent
// with a session, where bodies may be megabytes.
let token = '';
beforeAll(async () => {
  token = (await registerUser()).token;
});

/** Shapes that cost quadratic time or a whole CPU second before the field cap existed, each over the cap. */
describe('bodies with too many fields answer a 413 envelope', () => {
  const many = MAX_FIELDS * 20;

  it('a form whose one field repeats', async () => {
    const res = await callApi(userInfo, {
      token,
      text: `email=a%40b.com&password=abc123${'&a=1'.repeat(many)}`,
      contentType: 'application/x-www-form-urlencoded',
      lang: 'en-us',
    });
    expect(res.status).toBe(413);
    expect(res).toMatchObject({ code: 0, msg: TOO_MANY, info: null });
  });

  it('the same form sent as text/plain', async () => {
    const res = await callApi(userInfo, {
      token,
      text: `a=1${'&a=1'.repeat(many)}`,
      lang: 'zh-cn',
    });
    expect(res.status).toBe(413);
    expect(res.msg).toBe(`请求字段过多，最多 ${MAX_FIELDS.toLocaleString('en-US')} 个`);
  });

  it('a JSON array under one key', async () => {
    const res = await callApi(userInfo, {
      token,
      text: `{"email":"a@b.com","password":"abc123","a":[${'1,'.repeat(many)}1]}`,
      contentType: 'application/json',
      lang: 'en-us',
    });
    expect(res.status).toBe(413);
    expect(res.msg).toBe(TOO_MANY);
  });

  it('a JSON object with many keys, at the top or nested', async () => {
    const keys = Array.from({ length: many }, (_, i) => `"k${i}":1`).join(',');
    for (const text of [`{${keys}}`, `{"email":"a@b.com","nested":{${keys}}}`]) {
      const res = await callApi(userInfo, {
        token,
        text,
        contentType: 'application/json',
        lang: 'zh-tw',
      });
      expect(res.status).toBe(413);
      expect(res.msg).toBe(`請求欄位過多，最多 ${MAX_FIELDS.toLocaleString('en-US')} 個`);
    }
  });

  it('a multipart body with many parts', async () => {
    const multipart: Record<string, string> = { email: 'a@b.com', password: 'calm-river-42' };
    for (let i = 0; i < MAX_FIELDS + 10; i++) multipart[`f${i}`] = 'x';
    const res = await callApi(userInfo, {
      token,
      multipart,
      lang: 'en-us',
    });
    expect(res.status).toBe(413);
    expect(res.msg).toBe(TOO_MANY);
  });

  it('a query string with many parameters', async () => {
    const res = await callApi(userInfo, {
      token,
      path: `/api/user/user_info?${'a=1&'.repeat(MAX_FIELDS + 1)}`,
      form: { email: 'a@b.com', password: 'calm-river-42' },
      lang: 'en-us',
    });
    expect(res.status).toBe(413);
    expect(res.msg).toBe(TOO_MANY);
  });
});

describe('bodies at the caps are read as before', () => {
  const pad = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`pad${i}`, 'x']));

  it(`reads ${MAX_FIELDS} fields as JSON, as a form and as multipart`, async () => {
    const body = { type: 'info', ...pad(MAX_FIELDS - 1) };
    expect((await callApi(userInfo, { json: body, token })).code).toBe(1);
    expect((await callApi(userInfo, { form: body, token })).code).toBe(1);
    expect((await callApi(userInfo, { multipart: body, token })).code).toBe(1);
  });

  it(`reads JSON nested ${MAX_DEPTH} levels deep and keeps repeated keys as a list`, async () => {
    const account = await registerUser();
    const nested = `${'['.repeat(MAX_DEPTH - 1)}1${']'.repeat(MAX_DEPTH - 1)}`;
    const res = await callApi(login, {
      text: `{"email":"${account.email}","password":"${account.password}","deep":${nested}}`,
      contentType: 'application/json',
    });
    expect(res.code).toBe(1);
  });
});

describe('hostile shapes answer a 400 envelope, never a 500', () => {
  it('JSON nested 100,000 levels deep', async () => {
    for (const text of [`{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, '['.repeat(100_000)]) {
      const res = await callApi(userInfo, { text, contentType: 'application/json', lang: 'en-us', token });
      expect(res.status).toBe(400);
      expect(res).toMatchObject({ code: 0, msg: TOO_DEEP, info: null });
    }
  });

  it(`JSON one level deeper than ${MAX_DEPTH}`, async () => {
    const nested = `${'{"a":'.repeat(MAX_DEPTH + 1)}1${'}'.repeat(MAX_DEPTH + 1)}`;
    const res = await callApi(login, { text: nested, contentType: 'application/json', lang: 'en-us' });
    expect(res.status).toBe(400);
    expect(res.msg).toBe(TOO_DEEP);
  });

  it('brackets inside strings do not count as nesting', async () => {
    const account = await registerUser();
    const res = await callApi(login, {
      json: { email: account.email, password: account.password, note: `${'[{'.repeat(5000)}\\"[` },
    });
    expect(res.code).toBe(1);
  });

  it('a NUL character in a field, whatever the body format', async () => {
    const account = await registerUser();
    const name = 'Bad\u0000Name';
    const sends = [
      { json: validProfile({ name }) },
      { form: validProfile({ name }) },
      { multipart: validProfile({ name }) },
      { text: `type=update&name=Bad%00Name&site=https%3A%2F%2Fa.example.com&email=${account.email}` },
      { json: { type: 'info', [`na${'\u0000'}me`]: 'x' } },
    ];
    for (const send of sends) {
      const res = await callApi(userInfo, { ...send, token: account.token, lang: 'en-us' });
      expect(res.status, JSON.stringify(send)).toBe(400);
      expect(res).toMatchObject({ code: 0, msg: NUL, info: null });
    }
    const me = await callApi<UserInfo>(userInfo, { json: { type: 'info' }, token: account.token });
    expect(me.info.name).not.toContain('Bad');
  });

  it('a NUL character in the query string', async () => {
    const account = await registerUser();
    const res = await callApi(userInfoGet, {
      method: 'GET',
      path: '/api/user/user_info?x=%00',
      token: account.token,
      lang: 'zh-cn',
    });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('请求内容包含 NUL 字符');
  });
});
