import { articleListSchema } from '@/contract/content';
import { listArticles } from '@/server/content/list-articles';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';

export const GET = handler({
  schema: articleListSchema,
  run: ({ input, ctx }) => listArticles({ ...input, locale: ctx.locale }),
});
export const POST = GET;

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
