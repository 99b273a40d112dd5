import { articleDetailSchema } from '@/contract/content';
import { getArticle } from '@/server/content/get-article';
import { anyPayload, parseWith } from '@/server/content/validate';
import { handler } from '@/server/http/handler';

export const GET = handler({
  schema: anyPayload,
  run: ({ input, ctx }) => getArticle({ ref: parseWith(articleDetailSchema, input).id, locale: ctx.locale }),
});
export const POST = GET;
