import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operation } from '@/contract/api/operation';
import { AppError } from '@/server/errors';
import { Reply } from '@/server/http/handler';
import { serve } from '@/server/http/serve';
import { callApi, randomIp, withinOneWindow } from '../support/api';

const summary = { 'zh-cn': '测试', 'zh-tw': '測試', 'en-us': 'Test' };
const unique = () => `t${Math.random().toString(36).slice(2)}`;

/** A test operation of the given caller and limits, echoing `n` back as `doubled`. */
function echo(caller: 'anonymous' | 'cms', rateLimits: Parameters<typeof operation>[0]['rateLimits']) {
  return operation({
    id: unique(),
    path: '/api/test',
    methods: ['POST'],
    caller,
    area: 'test',
    summary,
    input: z.object({ n: z.coerce.number().int() }),
    output: z.object({ doubled: z.number() }),
    rateLimits,
  });
}

describe('serve(): the route an operation declares', () => {
  it('answers the declared methods in the envelope and 405 with Allow for the others', async () => {
    const routes = serve(echo('anonymous', undefined), async ({ input }) => ({ doubled: input.n * 2 }));
    const res = await callApi<{ doubled: number }>(routes.POST, { json: { n: 4 } });
    expect(res).toMatchObject({ status: 200, code: 1, info: { doubled: 8 } });
    const other = await callApi(routes.GET, { method: 'GET' });
    expect(other.status).toBe(405);
    expect(other.response.headers.get('allow')).toBe('POST');
  });

  it('says how many calls remain, and refuses past the limit with Retry-After', async () => {
    const op = echo('anonymous', [{ name: unique(), limit: 2, windowSeconds: 600, per: ['ip'] }]);
    const { POST } = serve(op, async ({ input }) => ({ doubled: input.n * 2 }));
    await withinOneWindow(600, 20);
    const ip = randomIp();
    const first = await callApi(POST, { json: { n: 1 }, ip });
    expect(first.response.headers.get('ratelimit-limit')).toBe('2');
    expect(first.response.headers.get('ratelimit-remaining')).toBe('1');
    expect(Number(first.response.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    await callApi(POST, { json: { n: 1 }, ip });
    const refused = await callApi(POST, { json: { n: 1 }, ip, lang: 'en-us' });
    expect(refused.status).toBe(429);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address has its own counter.
    expect((await callApi(POST, { json: { n: 1 } })).code).toBe(1);
  });

  it('answers a CMS call past its limit as code 0 with HTTP 200 (the CMS reads nothing else)', async () => {
    const op = echo('cms', [{ name: unique(), limit: 1, windowSeconds: 600, per: ['ip'] }]);
    const { POST } = serve(op, async ({ input }) => ({ doubled: input.n * 2 }));
    await withinOneWindow(600, 20);
    const ip = randomIp();
    await callApi(POST, { form: { n: '1' }, ip });
    const refused = await callApi(POST, { form: { n: '1' }, ip, lang: 'en-us' });
    expect(refused).toMatchObject({ status: 200, code: 0 });
    expect(refused.msg).toMatch(/too many/i);
    expect(refused.response.headers.get('retry-after')).not.toBeNull();
  });

  it('counts only failures for a failures-limit, per the input field it names', async () => {
    const op = echo('cms', [
      { name: unique(), limit: 2, windowSeconds: 600, per: ['ip', 'input.n'], counts: 'failures' },
    ]);
    const { POST } = serve(op, async ({ input }) => {
      if (input.n < 0) throw new AppError('invalid', 'api.forbidden');
      return new Reply({ doubled: input.n * 2 });
    });
    await withinOneWindow(600, 20);
    const ip = randomIp();
    for (let i = 0; i < 3; i++) expect((await callApi(POST, { form: { n: '5' }, ip })).code).toBe(1);
    await callApi(POST, { form: { n: '-1' }, ip });
    await callApi(POST, { form: { n: '-1' }, ip });
    const blocked = await callApi(POST, { form: { n: '-1' }, ip, lang: 'en-us' });
    expect(blocked.msg).toMatch(/too many/i);
    // Successes never counted, and another item's counter is untouched.
    expect((await callApi(POST, { form: { n: '5' }, ip })).code).toBe(1);
  });

  it('counts only the failures a limit names, and says on a failure how many tries remain', async () => {
    const op = echo('cms', [
      {
        name: unique(),
        limit: 3,
        windowSeconds: 600,
        per: ['ip'],
        counts: 'failures',
        failures: ['api.forbidden'],
      },
    ]);
    const { POST } = serve(op, async ({ input }) => {
      if (input.n === -1) throw new AppError('invalid', 'api.forbidden');
      if (input.n === -2) throw new AppError('invalid', 'api.notFound');
      return { doubled: input.n * 2 };
    });
    await withinOneWindow(600, 20);
    const ip = randomIp();
    const other = await callApi(POST, { form: { n: '-2' }, ip });
    expect(other.response.headers.get('ratelimit-remaining')).toBe('3');
    const wrong = await callApi(POST, { form: { n: '-1' }, ip });
    expect(wrong.code).toBe(0);
    expect(wrong.response.headers.get('ratelimit-remaining')).toBe('2');
  });

  it('fails loudly when an answer loses a field its output schema declares', async () => {
    const { POST } = serve(echo('anonymous', undefined), async () => ({}) as { doubled: number });
    const res = await callApi(POST, { json: { n: 1 } });
    expect(res).toMatchObject({ status: 500, code: 0 });
  });
});
