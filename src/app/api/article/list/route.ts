import { articleListSchema } from '@/contract/content';
import { listArticles } from '@/server/content/list-articles';
import { anyPayload, parseWith } from '@/server/content/validate';
import { handler } from '@/server/http/handler';

export const GET = handler({
  schema: anyPayload,
  run: ({ input, ctx }) => listArticles({ ...parseWith(articleListSchema, input), locale: ctx.locale }),
});
export const POST = GET;
