import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OPERATIONS } from '@/contract/api';
import { openApiDocument } from '@/contract/api/openapi';
import { operation } from '@/contract/api/operation';
import { LOCALES } from '@/contract/locales';
import { docText, openApiJson, serveOpenApi } from './openapi';

const summary = { 'zh-cn': '示例', 'zh-tw': '示例', 'en-us': 'Example' };

/** One operation of every kind the areas declare, beside whatever the registry holds today. */
type Node = { name: string; children: Node[] };
const node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));
const FIXTURES = [
  operation({
    id: 'fixtureCmsForm',
    path: '/api/fixture/{type}/feedback',
    methods: ['POST'],
    caller: 'cms',
    area: 'market',
    summary,
    input: z.object({
      type: z.enum(['plugins', 'theme']),
      id: z.preprocess((v) => Number(v), z.number().int().min(1)),
      content: z.string().trim().min(1).max(300),
      images: z.array(z.file()).min(1).max(3).optional(),
      videos: z.array(z.instanceof(File)).max(3).optional(),
      when: z.date().optional(),
      check: z.custom<string>((v) => typeof v === 'string'),
      flag: z.string().transform((v) => v === '1'),
    }),
    output: z.object({ id: z.number().int(), at: z.date(), label: z.string().transform((s) => s.length) }),
    failureInfo: { id: 0 },
    rateLimits: [
      { name: 'fixture-feedback', limit: 20, windowSeconds: 3600, per: ['ip'] },
      { name: 'fixture-codes', limit: 10, windowSeconds: 900, per: ['ip', 'input.id'], counts: 'failures' },
    ],
  }),
  operation({
    id: 'fixtureFile',
    path: '/api/fixture/file/{key}',
    methods: ['GET'],
    caller: 'user',
    area: 'developer',
    summary,
    input: z.object({ key: z.string().max(64), download: z.enum(['1']).optional() }),
    output: z.never(),
    raw: { contentTypes: ['application/zip', 'image/png'], description: 'The file.' },
  }),
  operation({
    id: 'fixtureAdminTree',
    path: '/api/fixture/tree',
    methods: ['GET', 'POST'],
    caller: 'admin',
    area: 'somethingNew',
    summary,
    input: z.union([z.object({ id: z.coerce.number().int() }), z.object({ all: z.literal('1') })]),
    output: z.object({ root: node.nullable(), list: z.array(z.object({ when: z.string() })) }),
    rateLimits: [{ name: 'fixture-tree', limit: 5, windowSeconds: 60, per: ['user'] }],
  }),
];

const text = docText('en-us');
const build = (locale: (typeof LOCALES)[number]) =>
  openApiDocument([...OPERATIONS, ...FIXTURES], {
    locale,
    text: docText(locale),
    cookieName: 'maccms',
    version: '1',
  });
// biome-ignore lint/suspicious/noExplicitAny: the tests read deep into the generated JSON
type Doc = ReturnType<typeof build> & { paths: Record<string, Record<string, any>> };

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document in every language, with every operation', async () => {
    for (const locale of LOCALES) {
      const doc = build(locale) as Doc;
      const result = await new Validator().validate(structuredClone(doc));
      expect(result.errors ?? [], locale).toEqual([]);
      expect(result.valid).toBe(true);
      const broken = { ...structuredClone(doc), info: { title: doc.info.title } }; // no version
      expect((await new Validator().validate(broken)).valid).toBe(false);
      for (const op of [...OPERATIONS, ...FIXTURES])
        for (const method of op.methods)
          expect(doc.paths[op.path]?.[method.toLowerCase()]?.summary, `${op.id} ${locale}`).toBe(
            op.summary[locale],
          );
    }
  });

  it('takes CMS form fields, path parameters and rate limits from the declaration', () => {
    const doc = build('en-us') as Doc;
    const cms = doc.paths['/api/fixture/{type}/feedback']?.post;
    expect(Object.keys(cms.requestBody.content)).toEqual([
      'application/json',
      'multipart/form-data',
      'application/x-www-form-urlencoded',
    ]);
    const body = cms.requestBody.content['multipart/form-data'].schema;
    expect(body.properties.type).toBeUndefined(); // it is the path parameter
    expect(cms.parameters).toContainEqual({
      name: 'type',
      in: 'path',
      required: true,
      schema: { type: 'string', enum: ['plugins', 'theme'] },
    });
    expect(body.properties.content).toMatchObject({ type: 'string', minLength: 1, maxLength: 300 });
    expect(body.properties.id).toMatchObject({ type: 'integer', minimum: 1 });
    expect(body.properties.images.items).toMatchObject({ type: 'string', format: 'binary' });
    expect(body.properties.videos.items).toMatchObject({ type: 'string', format: 'binary' });
    expect(cms['x-rate-limits']).toHaveLength(2);
    expect(cms.description).toContain('20 calls per 1 hour, per address');
    expect(cms.description).toContain('10 failed calls per 15 minutes, per address and id');
    // The CMS reads only HTTP 200: a refusal is code 0 there, with Retry-After, never a 429.
    expect(cms.responses[429]).toBeUndefined();
    expect(Object.keys(cms.responses[200].headers)).toContain('Retry-After');
    expect(cms.security).toEqual([]);
  });

  it('describes files, sessions, query fields and recursive answers', () => {
    const doc = build('en-us') as Doc;
    const file = doc.paths['/api/fixture/file/{key}']?.get;
    expect(Object.keys(file.responses[200].content)).toEqual(['application/zip', 'image/png']);
    expect(
      file.parameters.map(
        (p: { name?: string; in?: string; $ref?: string }) => p.$ref ?? `${p.in}:${p.name}`,
      ),
    ).toEqual(['#/components/parameters/lang', 'path:key', 'query:download']);
    expect(file.security).toEqual([{ session: [] }, { token: [] }]);
    expect(file.responses[401]).toBeDefined();
    const tree = doc.paths['/api/fixture/tree'];
    expect(tree?.get.operationId).toBe('fixtureAdminTree');
    expect(tree?.post.operationId).toBe('fixtureAdminTree_POST');
    expect(tree?.post.responses[403]).toBeDefined();
    expect(Object.keys(tree?.post.responses[429].headers)).toEqual(['Retry-After']);
    expect(tree?.post.tags).toEqual(['somethingNew']);
    expect(JSON.stringify(tree)).not.toContain('"#/$defs');
    expect(text('area.market')).toBe('Market');
  });

  it('is served at /api/openapi.json in the asked language, cacheable by anyone', async () => {
    const answer = await serveOpenApi(new Request('http://portal.test/api/openapi.json?lang=en-us'));
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    const doc = (await answer.json()) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/release/latest']?.get.summary).toBe(
      'The latest install package and the latest upgrade of each edition',
    );
    const chinese = JSON.parse(openApiJson('zh-cn')) as Doc;
    expect(chinese.paths['/api/openapi.json']?.get.summary).toContain('OpenAPI 3.1 文档');
    expect(chinese.components.securitySchemes.session).toMatchObject({ in: 'cookie', name: 'maccms' });
  });
});
