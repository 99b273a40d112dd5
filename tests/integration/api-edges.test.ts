import { describe, expect, it } from 'vitest';
import * as center from '@/app/api/developer/center/route';
import * as vodAdd from '@/app/api/resource/vod_add/route';
import * as login from '@/app/api/user/login/route';
import * as injectList from '@/app/dapi/[product]/inject_site_list/route';
import { callApi } from '../support/api';
import { withProduct } from '../support/domain';
import { registerUser } from '../support/factories';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type RouteModule = Partial<Record<(typeof METHODS)[number], (request: Request) => Promise<Response>>>;

describe('a method a call does not serve', () => {
  it.each([
    ['/api/user/login', login],
    ['/api/resource/vod_add', vodAdd],
    ['/api/developer/center', center],
  ] as const)(
    '%s answers GET, PUT and DELETE with a 405 envelope in the caller language',
    async (path, route) => {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const handler = route[method];
        const en = await callApi(handler, {
          path,
          method,
          lang: 'en-us',
          ...(method === 'GET' ? {} : { json: {} }),
        });
        expect(en.status).toBe(405);
        expect(en.response.headers.get('allow')).toBe('POST');
        expect({ code: en.code, msg: en.msg, info: en.info }).toEqual({
          code: 0,
          msg: 'This API accepts POST requests only',
          info: null,
        });
        const cn = await callApi(handler, { path, method, ...(method === 'GET' ? {} : { json: {} }) });
        expect(cn.msg).toBe('该接口只接受 POST 请求');
      }
    },
  );

  it('names every method a GET-and-POST call serves', async () => {
    const res = await callApi(withProduct(injectList.DELETE, 'maccmspro'), {
      path: '/dapi/maccmspro/inject_site_list',
      method: 'DELETE',
      lang: 'zh-tw',
    });
    expect(res.status).toBe(405);
    expect(res.response.headers.get('allow')).toBe('GET, POST');
    expect(res.msg).toBe('該介面只接受 GET, POST 請求');
    const options = await injectList.OPTIONS(new Request('http://localhost/dapi/maccmspro/inject_site_list'));
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, POST, OPTIONS');
  });

  it('is answered by every API route file, so Next never sends its empty 405', async () => {
    const modules = import.meta.glob<RouteModule>('/src/app/{api,dapi,yapi,resource-api}/**/route.ts');
    expect(Object.keys(modules).length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const [file, load] of Object.entries(modules)) {
      const route = await load();
      for (const method of METHODS)
        if (typeof route[method] !== 'function') missing.push(`${file} ${method}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('POST /api/resource/vod_add validation', () => {
  it('answers messages, not translation keys, in info.errors', async () => {
    const dev = await registerUser();
    for (const [lang, name, describe] of [
      ['en-us', 'Please enter the station name', 'Please enter the description'],
      ['zh-cn', '请输入资源站名称', '请输入描述'],
    ] as const) {
      const res = await callApi<{ field: string; errors: Record<string, string> }>(vodAdd.POST, {
        json: { type_id: 1 },
        token: dev.token,
        lang,
      });
      expect(res.code).toBe(0);
      expect(res.info.errors.name).toBe(name);
      expect(res.info.errors.describe).toBe(describe);
      expect(Object.values(res.info.errors).filter((m) => /^\w+(\.\w+)+$/.test(m))).toEqual([]);
      expect(res.msg).toBe(res.info.errors[res.info.field]);
    }
  });
});

describe('inject_site_list limit', () => {
  it.each([
    ['en-us', 'limit must be a whole number from 1 to 50'],
    ['zh-cn', 'limit 须为 1 到 50 之间的整数'],
  ])('out of range names the allowed range (%s)', async (lang, msg) => {
    const route = withProduct(injectList.POST, 'maccmspro');
    for (const limit of ['500', '0', 'many']) {
      const res = await callApi(route, { json: { limit }, lang });
      expect(res.code).toBe(0);
      expect(res.msg).toBe(msg);
    }
    expect((await callApi(route, { json: { limit: 50 }, lang })).code).toBe(1);
  });
});
