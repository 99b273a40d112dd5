import { DOMAIN_RATE_LIMITS, domainCheckSchema } from '@/contract/domain';
import { checkSiteInject } from '@/server/domain/check-site-inject';
import { clientKey } from '@/server/domain/client-key';
import { forProduct } from '@/server/domain/product-route';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { hitRateLimit } from '@/server/http/rate-limit';

export const POST = forProduct(
  'pro',
  handler({
    schema: domainCheckSchema,
    run: async ({ input, ctx }) => {
      await hitRateLimit(`inject:${clientKey(ctx)}`, DOMAIN_RATE_LIMITS.checkPerClient, ctx.now);
      return checkSiteInject({ input: input.domain, locale: ctx.locale, now: ctx.now });
    },
  }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
