import { beforeAll, describe, expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { GET as openapi, POST as openapiPost } from '@/app/api/openapi.json/route';
import { GET as ready } from '@/app/api/ready/route';
import { opsHealth, opsOpenApi, opsReady } from '@/contract/api/ops';
import { getDb } from '@/server/db/client';
import { buildRequest } from '../../support/api';

beforeAll(async () => {
  await getDb(); // a fresh embedded database takes longer to open than the readiness check waits
});

/** The raw operation answers match what their declarations tell clients to read. */
describe('health, readiness and the API document', () => {
  it('answer the bodies their operations declare', async () => {
    const alive = await health();
    expect(alive.headers.get('cache-control')).toBe('no-store');
    expect(opsHealth.output.parse(await alive.json()).info.status).toBe('alive');

    const state = await ready();
    const body = opsReady.output.parse(await state.json());
    expect(state.status).toBe(body.info.ready ? 200 : 503);
    expect(body.info.checks.database).toEqual({ ok: true, detail: 'answers' });
  });

  it('serves the OpenAPI document in the language of the lang header, GET only', async () => {
    const answer = await openapi(buildRequest({ method: 'GET', path: '/api/openapi.json', lang: 'zh-tw' }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('vary')).toBe('lang');
    const doc = opsOpenApi.output.parse(await answer.json());
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('MacCMS Pro 官網 API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/release/latest']),
    );
    const posted = await openapiPost(buildRequest({ path: '/api/openapi.json' }));
    expect(posted.status).toBe(405);
  });
});
