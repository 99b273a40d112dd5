import { z } from 'zod';
import {
  articleDetailSchema,
  articleDetailViewSchema,
  articleListSchema,
  articleNeighbourSchema,
  articleRowSchema,
  releaseDownloadSchema,
  releaseViewSchema,
  siteConfigSchema,
} from '../content';
import { operation } from './operation';

/** The home page's download block: the latest install package and one upgrade per edition. */
export const releaseLatest = operation({
  id: 'releaseLatest',
  path: '/api/release/latest',
  methods: ['GET', 'POST'],
  caller: 'anonymous',
  area: 'content',
  summary: {
    'zh-cn': '最新的安装包和每个版本的最新升级包',
    'zh-tw': '最新的安裝包和每個版本的最新升級包',
    'en-us': 'The latest install package and the latest upgrade of each edition',
  },
  input: z.object({}),
  output: z.object({ install: releaseViewSchema.nullable(), upgrades: z.array(releaseViewSchema) }),
});

/** One page of posts, newest first, in the caller's language (zh-cn where a post lacks it). */
export const articleList = operation({
  id: 'articleList',
  path: '/api/article/list',
  methods: ['GET', 'POST'],
  caller: 'anonymous',
  area: 'content',
  summary: {
    'zh-cn': '博客文章列表，按发布时间倒序',
    'zh-tw': '部落格文章列表，按發布時間倒序',
    'en-us': 'Blog posts, newest first',
  },
  input: articleListSchema,
  output: z.object({ rows: z.array(articleRowSchema), total: z.number().int() }),
});

/** One post by id or slug, with the older (`prev`) and newer (`next`) posts beside it. */
export const articleDetail = operation({
  id: 'articleDetail',
  path: '/api/article/detail',
  methods: ['GET', 'POST'],
  caller: 'anonymous',
  area: 'content',
  summary: {
    'zh-cn': '博客文章详情（按编号或别名），附上一篇和下一篇',
    'zh-tw': '部落格文章詳情（按編號或別名），附上一篇和下一篇',
    'en-us': 'A blog post by id or slug, with the previous and next posts',
  },
  input: articleDetailSchema,
  output: z.object({
    detail: articleDetailViewSchema,
    prev: articleNeighbourSchema.nullable(),
    next: articleNeighbourSchema.nullable(),
  }),
});

/** The site dictionary (content/site.json with SITE_CONFIG_FILE laid over it). */
export const homeConfig = operation({
  id: 'homeConfig',
  path: '/api/home/config',
  methods: ['GET', 'POST'],
  caller: 'anonymous',
  area: 'content',
  summary: {
    'zh-cn': '站点配置：下载渠道、合作伙伴、联系方式和官方域名',
    'zh-tw': '站點設定：下載管道、合作夥伴、聯絡方式和官方網域',
    'en-us': 'The site dictionary: download channels, partners, contacts and official domains',
  },
  input: z.object({}),
  output: siteConfigSchema,
});

/** A release package, counted; a missing release or file answers the envelope with a 404. */
export const releaseDownload = operation({
  id: 'releaseDownload',
  path: '/api/release/download',
  methods: ['GET'],
  caller: 'anonymous',
  area: 'content',
  summary: {
    'zh-cn': '下载安装包或升级包',
    'zh-tw': '下載安裝包或升級包',
    'en-us': 'Downloads an install or upgrade package',
  },
  input: releaseDownloadSchema,
  output: z.never(),
  raw: {
    contentTypes: ['application/zip'],
    description:
      'The package file, with its name (content-disposition), size and SHA-256 (x-content-sha256). ' +
      'A wrong id answers the envelope with a 400, a missing release or file with a 404.',
  },
});

/** A package's detached signature, which proves it official wherever the package was fetched from. */
export const releaseSignature = operation({
  id: 'releaseSignature',
  path: '/api/release/signature',
  methods: ['GET'],
  caller: 'anonymous',
  area: 'content',
  summary: {
    'zh-cn': '下载安装包或升级包的签名',
    'zh-tw': '下載安裝包或升級包的簽章',
    'en-us': 'Downloads the signature of an install or upgrade package',
  },
  input: releaseDownloadSchema,
  output: z.never(),
  raw: {
    contentTypes: ['application/octet-stream'],
    description:
      "The raw 64-byte Ed25519 signature of the package's exact bytes, named `<package>.sig`; the public " +
      'key is /maccms-release.pub. A wrong id answers the envelope with a 400, a missing release or ' +
      'signature with a 404.',
  },
});

export const contentOperations = [
  releaseLatest,
  articleList,
  articleDetail,
  homeConfig,
  releaseDownload,
  releaseSignature,
];
