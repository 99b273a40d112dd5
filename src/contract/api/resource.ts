import { z } from 'zod';
import {
  auditSchema,
  PROBES_PER_MINUTE,
  probeResultSchema,
  probeSchema,
  provideDetailSchema,
  provideListSchema,
  provideQuerySchema,
  resourceTypeSchema,
  stationListSchema,
  stationSchema,
  stationViewSchema,
} from '../resource';
import { operation, type RateLimit } from './operation';

/** One budget for both calls that probe an address. */
const probeLimits: RateLimit[] = [
  { name: 'probe', per: ['user'], ...PROBES_PER_MINUTE },
  { name: 'probe', per: ['ip'], ...PROBES_PER_MINUTE },
];

/** The developer's stations; `scope=all` lists every developer's for administrators. */
export const resourceList = operation({
  id: 'resourceList',
  path: '/api/resource/list',
  methods: ['POST'],
  caller: 'user',
  area: 'resource',
  summary: {
    'zh-cn': '我的资源站列表；管理员可查看全部（scope=all）',
    'zh-tw': '我的資源站列表；管理員可查看全部（scope=all）',
    'en-us': "The caller's resource stations; every developer's for administrators (scope=all)",
  },
  input: stationListSchema,
  output: z.object({ list: z.array(stationViewSchema), total: z.number().int() }),
});

/** The check before submitting: does the address answer in the collection format, how much, how fast. */
export const resourceProbe = operation({
  id: 'resourceProbe',
  path: '/api/resource/probe',
  methods: ['POST'],
  caller: 'user',
  area: 'resource',
  summary: {
    'zh-cn': '检测资源站地址是否按采集格式应答',
    'zh-tw': '檢測資源站位址是否按採集格式應答',
    'en-us': 'Checks that a station address answers in the collection format',
  },
  input: probeSchema,
  output: probeResultSchema,
  rateLimits: probeLimits,
});

/** Administrators approve (1) or reject (2, with remarks) a station; approval makes the collector due. */
export const resourceAudit = operation({
  id: 'resourceAudit',
  path: '/api/resource/audit',
  methods: ['POST'],
  caller: 'admin',
  area: 'resource',
  summary: {
    'zh-cn': '审核资源站：通过或驳回（驳回须填写备注）',
    'zh-tw': '審核資源站：通過或駁回（駁回須填寫備註）',
    'en-us': 'Approves or rejects a station (rejecting needs remarks)',
  },
  input: auditSchema,
  output: stationViewSchema,
});

export const resourceTypes = operation({
  id: 'resourceTypes',
  path: '/api/resource/get_type',
  methods: ['GET', 'POST'],
  caller: 'anonymous',
  area: 'resource',
  summary: {
    'zh-cn': '资源站分类列表',
    'zh-tw': '資源站分類列表',
    'en-us': 'The station categories',
  },
  input: z.object({}),
  output: z.object({ list: z.array(resourceTypeSchema) }),
});

/** A developer submits a station for review; an address that does not answer is refused. */
export const resourceAdd = operation({
  id: 'resourceAdd',
  path: '/api/resource/vod_add',
  methods: ['POST'],
  caller: 'user',
  area: 'resource',
  summary: {
    'zh-cn': '提交资源站待审核（先检测地址）',
    'zh-tw': '提交資源站待審核（先檢測位址）',
    'en-us': 'Submits a station for review (its address is checked first)',
  },
  input: stationSchema,
  output: stationViewSchema,
  rateLimits: probeLimits,
});

const provideRaw = {
  contentTypes: ['application/json', 'application/xml'],
  description:
    'The collection format of the CMS (docs/cms-contract.md, section 2), not the envelope: JSON by default, ' +
    '`<rss version="5.1">` XML with `at=xml`. A refused query answers the envelope.',
};

const provideSummary = {
  'zh-cn': '资源库采集接口（MacCMS 采集格式，JSON 或 XML）',
  'zh-tw': '資源庫採集介面（MacCMS 採集格式，JSON 或 XML）',
  'en-us': "The library's collection API (the CMS collection format, JSON or XML)",
};

/** `ac=list` answers `provideListSchema`, `ac=videolist|detail` `provideDetailSchema`. */
const provideOutput = z.union([provideListSchema, provideDetailSchema]);

/** The collection API the CMS collector reads. */
export const resourceProvide = operation({
  id: 'resourceProvide',
  path: '/resource-api/provide/vod',
  methods: ['GET'],
  caller: 'cms',
  area: 'resource',
  summary: provideSummary,
  input: provideQuerySchema,
  output: provideOutput,
  raw: provideRaw,
});

/** The same with path-style parameters (`/provide/vod/at/xml/ac/list`), which the query then overrides. */
export const resourceProvidePath = operation({
  id: 'resourceProvidePath',
  path: '/resource-api/provide/vod/{params}',
  methods: ['GET'],
  caller: 'cms',
  area: 'resource',
  summary: {
    'zh-cn': `${provideSummary['zh-cn']}，参数写在路径中（/at/xml/ac/list）`,
    'zh-tw': `${provideSummary['zh-tw']}，參數寫在路徑中（/at/xml/ac/list）`,
    'en-us': `${provideSummary['en-us']}, parameters in the path (/at/xml/ac/list)`,
  },
  input: provideQuerySchema,
  output: provideOutput,
  raw: provideRaw,
});

export const resourceOperations = [
  resourceList,
  resourceProbe,
  resourceAudit,
  resourceTypes,
  resourceAdd,
  resourceProvide,
  resourceProvidePath,
];
