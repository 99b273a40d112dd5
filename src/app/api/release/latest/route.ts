import { z } from 'zod';
import { cachedReleases } from '@/server/content/cached';
import { pickDownloads } from '@/server/content/list-releases';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';

/** The latest install package and one upgrade per edition, for the home page's download block. */
export const GET = handler({
  schema: z.object({}),
  run: async ({ ctx }) => {
    const { install, upgrades } = pickDownloads(await cachedReleases(ctx.locale));
    return { install: install ?? null, upgrades };
  },
});
export const POST = GET;

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
