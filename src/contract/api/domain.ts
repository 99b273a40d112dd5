import { z } from 'zod';
import {
  authenticityInfoSchema,
  checkProgressInfoSchema,
  checkProgressSchema,
  checkStartInfoSchema,
  DOMAIN_RATE_LIMITS,
  domainCheckSchema,
  injectAnswerSchema,
  injectCheckSchema,
  injectListInfoSchema,
  injectListSchema,
  sampleReviewSchema,
  sampleSchema,
  sampleViewSchema,
  siteHistoryInfoSchema,
  siteHistorySchema,
} from '../domain';
import { versionInfoSchema } from '../domain-version';
import { operation } from './operation';

/*
 * `/yapi/{product}/…` and `/dapi/{product}/…`: the product segment is configuration (`PRODUCT`, and
 * `PRODUCT` + `pro` for dapi: each operation's `product`); another product answers the 404 envelope first.
 * Limits are kept per client address: the device id is chosen by the caller, so a script would send
 * a new one each time.
 */

export const domainIsfake = operation({
  id: 'domainIsfake',
  path: '/yapi/{product}/isfake',
  product: '',
  methods: ['POST'],
  caller: 'anonymous',
  area: 'domain',
  summary: {
    'zh-cn': '域名真伪检测：是否官方域名，仿冒哪个官方域名、用何手法',
    'zh-tw': '網域真偽檢測：是否官方網域，仿冒哪個官方網域、用何手法',
    'en-us': 'Authenticity check: is a domain official, which one it imitates and how',
  },
  input: domainCheckSchema,
  output: authenticityInfoSchema,
  rateLimits: [{ name: 'isfake', ...DOMAIN_RATE_LIMITS.isfakePerClient, per: ['ip'] }],
});

/** Vulnerability check: passive version estimate and the matching vulnerability records. */
export const domainCheckVersion = operation({
  id: 'domainCheckVersion',
  path: '/yapi/{product}/check_version',
  product: '',
  methods: ['POST'],
  caller: 'anonymous',
  area: 'domain',
  summary: {
    'zh-cn': '漏洞检测：推测站点的程序版本并列出相关漏洞',
    'zh-tw': '漏洞檢測：推測站點的程式版本並列出相關漏洞',
    'en-us': "Vulnerability check: estimates a site's version and lists the vulnerabilities that match",
  },
  input: domainCheckSchema,
  output: versionInfoSchema,
  rateLimits: [{ name: 'version', ...DOMAIN_RATE_LIMITS.checkPerClient, per: ['ip'] }],
});

/**
 * The check in one call, for API clients. A site checked within FRESH_MINUTES answers its stored
 * result with its age (`age_seconds`); `recheck` asks for a new run, which a site has one at a time
 * and RUNS_PER_SITE_PER_HOUR of an hour (src/server/domain/ask-site-check.ts).
 */
export const domainCheckInject = operation({
  id: 'domainCheckInject',
  path: '/dapi/{product}/check_site_inject',
  product: 'pro',
  methods: ['POST'],
  caller: 'anonymous',
  area: 'domain',
  summary: {
    'zh-cn': '挂马检测：以多种访客身份抓取站点，查找注入的代码',
    'zh-tw': '掛馬檢測：以多種訪客身分抓取站點，查找注入的程式碼',
    'en-us': 'Injected-code check: fetches a site as several visitors and looks for injected code',
  },
  input: injectCheckSchema,
  output: injectAnswerSchema,
  rateLimits: [{ name: 'inject', ...DOMAIN_RATE_LIMITS.checkPerClient, per: ['ip'] }],
});

/** The same check for a page: answers at once with the run's id, whose progress it then polls. */
export const domainStartInject = operation({
  id: 'domainStartInject',
  path: '/dapi/{product}/start_site_inject',
  product: 'pro',
  methods: ['POST'],
  caller: 'anonymous',
  area: 'domain',
  summary: {
    'zh-cn': '开始挂马检测：返回近期的已存结果，或可查询进度的检测编号',
    'zh-tw': '開始掛馬檢測：返回近期的已存結果，或可查詢進度的檢測編號',
    'en-us': 'Starts an injected-code check: a recent stored result, or the id of the run to poll',
  },
  input: injectCheckSchema,
  output: checkStartInfoSchema,
  // One allowance with the single call: either way a check is asked for.
  rateLimits: [{ name: 'inject', ...DOMAIN_RATE_LIMITS.checkPerClient, per: ['ip'] }],
});

export const domainInjectProgress = operation({
  id: 'domainInjectProgress',
  path: '/dapi/{product}/site_inject_progress',
  product: 'pro',
  methods: ['GET', 'POST'],
  caller: 'anonymous',
  area: 'domain',
  summary: {
    'zh-cn': '挂马检测进度：正在运行的步骤、已发现的问题，结束后给出结果',
    'zh-tw': '掛馬檢測進度：正在執行的步驟、已發現的問題，結束後給出結果',
    'en-us': 'Injected-code check progress: the step running, what was found so far, then the result',
  },
  input: checkProgressSchema,
  output: checkProgressInfoSchema,
  rateLimits: [{ name: 'injectProgress', ...DOMAIN_RATE_LIMITS.progressPerClient, per: ['ip'] }],
});

export const domainInjectList = operation({
  id: 'domainInjectList',
  path: '/dapi/{product}/inject_site_list',
  product: 'pro',
  methods: ['GET', 'POST'],
  caller: 'anonymous',
  area: 'domain',
  summary: {
    'zh-cn': '挂马统计与最近被挂马的站点',
    'zh-tw': '掛馬統計與最近被掛馬的站點',
    'en-us': 'Injected-site counters and the recently injected sites',
  },
  input: injectListSchema,
  output: injectListInfoSchema,
});

export const domainSiteHistory = operation({
  id: 'domainSiteHistory',
  path: '/dapi/{product}/site_history',
  product: 'pro',
  methods: ['GET', 'POST'],
  caller: 'anonymous',
  area: 'domain',
  summary: {
    'zh-cn': '一个站点的挂马检测记录：最近一次的结果与更早的检测',
    'zh-tw': '一個站點的掛馬檢測記錄：最近一次的結果與更早的檢測',
    'en-us': 'A site’s injected-code check record: the latest result and the earlier checks',
  },
  input: siteHistorySchema,
  output: siteHistoryInfoSchema,
});

export const domainSubmitSample = operation({
  id: 'domainSubmitSample',
  path: '/dapi/{product}/submit_site_inject',
  product: 'pro',
  methods: ['POST'],
  caller: 'anonymous',
  session: 'optional',
  area: 'domain',
  summary: {
    'zh-cn': '提交挂马特征样本，待管理员审核',
    'zh-tw': '提交掛馬特徵樣本，待管理員審核',
    'en-us': 'Submits an injected-code sample for review',
  },
  input: sampleSchema,
  output: z.object({ id: z.number().int() }),
  rateLimits: [{ name: 'sample', ...DOMAIN_RATE_LIMITS.samplePerClient, per: ['ip'] }],
});

export const domainSampleList = operation({
  id: 'domainSampleList',
  path: '/dapi/{product}/sample_list',
  product: 'pro',
  methods: ['POST'],
  caller: 'admin',
  area: 'domain',
  summary: {
    'zh-cn': '待审核与已审核的特征样本（管理员）',
    'zh-tw': '待審核與已審核的特徵樣本（管理員）',
    'en-us': 'Submitted samples and their clean-corpus test (administrators)',
  },
  input: z.object({}),
  output: z.object({ list: z.array(sampleViewSchema) }),
});

/** Administrators only: test a sample against the clean corpus, accept it as a signature, or reject it. */
export const domainSampleReview = operation({
  id: 'domainSampleReview',
  path: '/dapi/{product}/sample_review',
  product: 'pro',
  methods: ['POST'],
  caller: 'admin',
  area: 'domain',
  summary: {
    'zh-cn': '审核特征样本：检测、采纳为特征或驳回（管理员）',
    'zh-tw': '審核特徵樣本：檢測、採納為特徵或駁回（管理員）',
    'en-us': 'Tests, accepts (as a signature) or rejects a sample (administrators)',
  },
  input: sampleReviewSchema,
  output: z.object({
    id: z.number().int(),
    status: z.string(),
    tooShort: z.boolean(),
    hits: z.array(z.string()),
  }),
});

export const domainOperations = [
  domainIsfake,
  domainCheckVersion,
  domainCheckInject,
  domainStartInject,
  domainInjectProgress,
  domainInjectList,
  domainSiteHistory,
  domainSubmitSample,
  domainSampleList,
  domainSampleReview,
];
