import { z } from 'zod';
import { LOCALES } from '../locales';
import { operation } from './operation';

const JSON_ANSWER = ['application/json'] as const;

/** The health calls answer the envelope themselves (a 503 still has a body), outside `serve`. */
const envelope = <T extends z.ZodType>(info: T) =>
  z.object({ code: z.number().int().describe('1 when healthy, 0 when not'), msg: z.string(), info });

const check = z.object({ ok: z.boolean(), detail: z.string() });

/** Liveness for supervisors: the process answers. */
export const opsHealth = operation({
  id: 'opsHealth',
  path: '/api/health',
  methods: ['GET'],
  caller: 'anonymous',
  area: 'ops',
  summary: {
    'zh-cn': '存活检查：进程在运行就回答 200',
    'zh-tw': '存活檢查：行程在執行就回答 200',
    'en-us': 'Liveness: answers 200 while the process runs',
  },
  input: z.object({}),
  output: envelope(
    z.object({
      status: z.literal('alive'),
      uptime: z.number().int().min(0).describe('seconds since the process started'),
    }),
  ),
  raw: { contentTypes: JSON_ANSWER, description: 'The envelope, never cached.' },
});

/** Readiness for balancers: 200 when this node can take traffic, 503 with the reason when not. */
export const opsReady = operation({
  id: 'opsReady',
  path: '/api/ready',
  methods: ['GET'],
  caller: 'anonymous',
  area: 'ops',
  summary: {
    'zh-cn': '就绪检查：启动完成且数据库和文件存储可用时回答 200，否则 503 并说明原因',
    'zh-tw': '就緒檢查：啟動完成且資料庫和檔案儲存可用時回答 200，否則 503 並說明原因',
    'en-us':
      'Readiness: 200 once start-up is done and the database and file storage answer, else 503 with the reason',
  },
  input: z.object({}),
  output: envelope(
    z.object({
      ready: z.boolean(),
      checks: z.object({
        startup: check,
        database: check,
        files: check,
        jobs: check.describe('late jobs are reported here without taking the node out'),
      }),
    }),
  ),
  raw: {
    contentTypes: JSON_ANSWER,
    description: 'The envelope: HTTP 200 when ready, 503 when not; never cached.',
  },
});

/** This API described as OpenAPI 3.1, generated from the registry. */
export const opsOpenApi = operation({
  id: 'opsOpenApi',
  path: '/api/openapi.json',
  methods: ['GET'],
  caller: 'anonymous',
  area: 'ops',
  summary: {
    'zh-cn': '本 API 的 OpenAPI 3.1 文档（由接口登记表生成）',
    'zh-tw': '本 API 的 OpenAPI 3.1 文件（由介面登記表產生）',
    'en-us': 'This API as an OpenAPI 3.1 document, generated from the operation registry',
  },
  input: z.object({
    lang: z.enum(LOCALES).optional().describe('the language of summaries; else the lang header'),
  }),
  output: z.looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.looseObject({})),
  }),
  raw: { contentTypes: JSON_ANSWER, description: 'The OpenAPI document itself, cacheable publicly.' },
});

export const opsOperations = [opsHealth, opsReady, opsOpenApi];
