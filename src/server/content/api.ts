import 'server-only';
import type { articleDetail, articleList, homeConfig, releaseLatest } from '@/contract/api/content';
import type { Run } from '../http/serve';
import { cachedReleases } from './cached';
import { getArticle } from './get-article';
import { listArticles } from './list-articles';
import { pickDownloads } from './list-releases';
import { siteConfig } from './site-config';

/** The content area's operations (src/contract/api/content.ts), one function each. */
export const latestDownloads: Run<typeof releaseLatest> = async ({ ctx }) => {
  const { install, upgrades } = pickDownloads(await cachedReleases(ctx.locale));
  return { install: install ?? null, upgrades };
};

export const articles: Run<typeof articleList> = async ({ input, ctx }) =>
  listArticles({ ...input, locale: ctx.locale });

export const article: Run<typeof articleDetail> = async ({ input, ctx }) =>
  getArticle({ ref: input.id, locale: ctx.locale });

export const siteDictionary: Run<typeof homeConfig> = async () => siteConfig();
