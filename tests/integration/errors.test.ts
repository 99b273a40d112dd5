import { afterEach, describe, expect, it, vi } from 'vitest';
import { GET as unknownGet, POST as unknownPost } from '@/app/api/[...rest]/route';
import { AppError } from '@/server/errors';
import { fail } from '@/server/http/envelope';
import { callApi } from '../support/api';
import { logged } from '../support/logs';

describe('unknown API paths', () => {
  it('answer a 404 envelope in the lang language', async () => {
    const en = await callApi(unknownPost, { path: '/api/no/such/thing', json: {}, lang: 'en-us' });
    expect(en.status).toBe(404);
    expect(en).toMatchObject({ code: 0, msg: 'No such API', info: null });
    const tw = await callApi(unknownGet, { path: '/api/nope', method: 'GET', lang: 'zh-tw' });
    expect(tw.status).toBe(404);
    expect(tw.msg).toBe('介面不存在');
    const cn = await callApi(unknownGet, { path: '/api/nope', method: 'GET' });
    expect(cn.msg).toBe('接口不存在');
  });
});

describe('error mapping', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('turns an unexpected error into a 500 without internals, and logs it', async () => {
    const error = new Error('relation "users" does not exist at /srv/app/src/server/db/client.ts:42');
    const response = fail('en-us', error);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ code: 0, msg: 'Server error, please try again later', info: null });
    expect(text).not.toMatch(/relation|users|\/srv|client\.ts/);
    expect(logged('unexpected error').at(-1)).toMatchObject({ level: 50, err: { message: error.message } });
  });

  it.each([
    ['forbidden', 403, 'Access denied'],
    ['unauthorized', 401, 'Please login first'],
  ] as const)('maps %s to HTTP %i', async (code, status, msg) => {
    const key = code === 'forbidden' ? 'api.forbidden' : 'api.loginRequired';
    const response = fail('en-us', new AppError(code, key));
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ code: 0, msg, info: null });
  });
});
