import { articleDetailSchema } from '@/contract/content';
import { getArticle } from '@/server/content/get-article';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';

export const GET = handler({
  schema: articleDetailSchema,
  run: ({ input, ctx }) => getArticle({ ref: input.id, locale: ctx.locale }),
});
export const POST = GET;

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
