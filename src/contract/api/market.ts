import { z } from 'zod';
import {
  FEEDBACK_RATE_LIMIT,
  feedbackAnswerSchema,
  feedbackSchema,
  feedbackTargetSchema,
  feedbackTargetsSchema,
} from '../feedback';
import { MAX_CONTENT_LENGTH } from '../limits';
import {
  centerSchema,
  STORE_LIMITS,
  storeDetailSchema,
  storeDownloadSchema,
  storeVerifySchema,
  withType,
} from '../store';
import {
  storeDetailAnswerSchema,
  storeDownloadAnswerSchema,
  storeListSchema,
  storeVerifyAnswerSchema,
} from '../store-answers';
import { operation, type RateLimit } from './operation';

/**
 * The public store and the CMS admin's app market (docs/cms-contract.md, section 1). The CMS calls
 * are `caller: 'cms'`: business failures and refusals are HTTP 200 with `code: 0` and a `msg` it shows.
 */
const area = 'market';

/** Download calls per address: bounds what one machine can add to the raw counts. */
const downloadsPerIp: RateLimit = { name: 'store-download', per: ['ip'], ...STORE_LIMITS.downloadsPerIp };

/**
 * Wrong licence codes for one item from one address: once reached, that address's tries for the
 * item (a right code too, on verify and download alike) are refused until the window ends.
 */
const wrongCodes: RateLimit = {
  name: 'store-code',
  per: ['ip', 'input.id'],
  counts: 'failures',
  failures: ['market.err.badAuthCode'],
  message: 'store.err.tooManyCodes',
  ...STORE_LIMITS.wrongCodes,
};

/**
 * The CMS's detail view counts `info.version_history` whatever `code` says (a PHP 8 TypeError on
 * null), so a failed detail call still answers the shape it reads, empty.
 */
const EMPTY_DETAIL = { detail: {}, version_history: [] };

export const storeCenter = operation({
  id: 'storeCenter',
  path: '/api/market/center',
  methods: ['GET', 'POST'],
  caller: 'cms',
  area,
  summary: {
    'zh-cn': '应用市场列表：已上架的插件或模板，可搜索、筛选、排序',
    'zh-tw': '應用市場列表：已上架的外掛或模板，可搜尋、篩選、排序',
    'en-us': 'The store list: released plugins or themes, searched, filtered and sorted',
  },
  input: centerSchema,
  output: storeListSchema,
});

const detail = (kind: 'plugins' | 'theme') =>
  ({
    path: `/api/market_${kind}/detail`,
    methods: ['GET', 'POST'],
    caller: 'cms',
    area,
    input: withType(storeDetailSchema),
    output: storeDetailAnswerSchema,
    failureInfo: EMPTY_DETAIL,
  }) as const;

export const storePluginDetail = operation({
  id: 'storePluginDetail',
  ...detail('plugins'),
  summary: {
    'zh-cn': '已上架插件的详情和版本历史',
    'zh-tw': '已上架外掛的詳情和版本歷史',
    'en-us': 'A released plugin’s details and version history',
  },
});

export const storeThemeDetail = operation({
  id: 'storeThemeDetail',
  ...detail('theme'),
  summary: {
    'zh-cn': '已上架模板的详情和版本历史',
    'zh-tw': '已上架模板的詳情和版本歷史',
    'en-us': 'A released theme’s details and version history',
  },
});

const verify = (kind: 'plugins' | 'theme') =>
  ({
    path: `/api/market_${kind}/verify_auth_code`,
    methods: ['POST'],
    caller: 'cms',
    area,
    input: withType(storeVerifySchema),
    output: storeVerifyAnswerSchema,
    rateLimits: [wrongCodes],
  }) as const;

export const storePluginVerify = operation({
  id: 'storePluginVerify',
  ...verify('plugins'),
  summary: {
    'zh-cn': '校验付费插件的授权码（记一次使用）',
    'zh-tw': '校驗付費外掛的授權碼（記一次使用）',
    'en-us': 'Checks a paid plugin’s licence code (counted as a use)',
  },
});

export const storeThemeVerify = operation({
  id: 'storeThemeVerify',
  ...verify('theme'),
  summary: {
    'zh-cn': '校验付费模板的授权码（记一次使用）',
    'zh-tw': '校驗付費模板的授權碼（記一次使用）',
    'en-us': 'Checks a paid theme’s licence code (counted as a use)',
  },
});

const download = (path: string) =>
  ({
    path,
    methods: ['POST'],
    caller: 'cms',
    // A logged-in caller's download is recorded with the account: only such accounts may review it.
    session: 'optional',
    area,
    input: withType(storeDownloadSchema),
    output: storeDownloadAnswerSchema,
    rateLimits: [downloadsPerIp, wrongCodes],
  }) as const;

export const storePluginDownload = operation({
  id: 'storePluginDownload',
  ...download('/api/market_plugins/plugins_download'),
  summary: {
    'zh-cn': '插件安装包的下载地址（计一次下载；付费插件需授权码）',
    'zh-tw': '外掛安裝包的下載位址（計一次下載；付費外掛需授權碼）',
    'en-us': 'A plugin package’s download address (counts a download; paid ones need a code)',
  },
});

export const storeThemeDownload = operation({
  id: 'storeThemeDownload',
  ...download('/api/market_theme/theme_download'),
  summary: {
    'zh-cn': '模板安装包的下载地址（计一次下载；付费模板需授权码）',
    'zh-tw': '模板安裝包的下載位址（計一次下載；付費模板需授權碼）',
    'en-us': 'A theme package’s download address (counts a download; paid ones need a code)',
  },
});

export const storePackage = operation({
  id: 'storePackage',
  path: '/api/market/package/{token}/{file}',
  methods: ['GET'],
  caller: 'cms',
  area,
  summary: {
    'zh-cn': '付费安装包的限时下载链接',
    'zh-tw': '付費安裝包的限時下載連結',
    'en-us': 'A paid package behind the short-lived link a download call handed out',
  },
  input: z.object({}),
  output: z.never(),
  raw: {
    contentTypes: ['application/zip', 'text/plain'],
    description:
      'The zip itself with HTTP 200 (the CMS follows no redirect); 404 with one line of text once the link expired.',
  },
});

/** Reports per client address and hour, shared by both feedback paths. */
const feedbackPerIp: RateLimit = { name: 'feedback', per: ['ip'], ...FEEDBACK_RATE_LIMIT };

const feedback = (path: string) =>
  ({
    path,
    methods: ['POST'],
    caller: 'cms',
    // No token needed: the CMS admin sends none; a logged-in caller is recorded with the report.
    session: 'optional',
    area,
    input: feedbackSchema,
    output: feedbackAnswerSchema,
    rateLimits: [feedbackPerIp],
    // Screenshots and videos, as the CMS sends them.
    maxBodyBytes: MAX_CONTENT_LENGTH,
  }) as const;

export const marketFeedback = operation({
  id: 'marketFeedback',
  ...feedback('/api/market/feedback'),
  summary: {
    'zh-cn': '反馈插件或模板的问题（multipart，含截图和视频）',
    'zh-tw': '回饋外掛或模板的問題（multipart，含截圖和影片）',
    'en-us': 'Reports a problem with a plugin or theme (multipart, with screenshots and videos)',
  },
});

export const themeFeedback = operation({
  id: 'themeFeedback',
  ...feedback('/api/market_theme/feedback'),
  summary: {
    'zh-cn': '反馈模板的问题（multipart，含截图和视频）',
    'zh-tw': '回饋模板的問題（multipart，含截圖和影片）',
    'en-us': 'Reports a problem with a theme (multipart, with screenshots and videos)',
  },
});

export const feedbackItems = operation({
  id: 'feedbackItems',
  path: '/api/market/feedback_items',
  methods: ['POST'],
  caller: 'anonymous',
  area,
  summary: {
    'zh-cn': '反馈表单的条目搜索：已上架的条目及其公开版本',
    'zh-tw': '回饋表單的條目搜尋：已上架的條目及其公開版本',
    'en-us': 'The feedback form’s item search: released items with their public versions',
  },
  input: feedbackTargetsSchema,
  output: z.object({ list: z.array(feedbackTargetSchema) }),
});

export const marketOperations = [
  storeCenter,
  storePluginDetail,
  storeThemeDetail,
  storePluginVerify,
  storeThemeVerify,
  storePluginDownload,
  storeThemeDownload,
  storePackage,
  marketFeedback,
  themeFeedback,
  feedbackItems,
];
