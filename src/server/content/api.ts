import 'server-only';
import type { releaseLatest } from '@/contract/api/content';
import type { Run } from '../http/serve';
import { cachedReleases } from './cached';
import { pickDownloads } from './list-releases';

/** The content area's operations (src/contract/api/content.ts), one function each. */
export const latestDownloads: Run<typeof releaseLatest> = async ({ ctx }) => {
  const { install, upgrades } = pickDownloads(await cachedReleases(ctx.locale));
  return { install: install ?? null, upgrades };
};
