import { injectListSchema } from '@/contract/domain';
import { injectSiteList } from '@/server/domain/inject-site-list';
import { forProduct } from '@/server/domain/product-route';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';

export const POST = forProduct(
  'pro',
  handler({
    schema: injectListSchema,
    run: ({ input, ctx }) => injectSiteList({ limit: input.limit, now: ctx.now }),
  }),
);
export const GET = POST;

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
