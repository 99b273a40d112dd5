import { DOMAIN_RATE_LIMITS, domainCheckSchema } from '@/contract/domain';
import { checkAuthenticity } from '@/server/domain/check-authenticity';
import { clientKey } from '@/server/domain/client-key';
import { forProduct } from '@/server/domain/product-route';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { hitRateLimit } from '@/server/http/rate-limit';

export const POST = forProduct(
  '',
  handler({
    schema: domainCheckSchema,
    run: async ({ input, ctx }) => {
      await hitRateLimit(`isfake:${clientKey(ctx)}`, DOMAIN_RATE_LIMITS.isfakePerClient, ctx.now);
      return checkAuthenticity({ input: input.domain });
    },
  }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
