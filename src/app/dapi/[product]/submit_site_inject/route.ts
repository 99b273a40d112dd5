import { DOMAIN_RATE_LIMITS, sampleSchema } from '@/contract/domain';
import { clientKey } from '@/server/domain/client-key';
import { forProduct } from '@/server/domain/product-route';
import { submitSample } from '@/server/domain/submit-sample';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { hitRateLimit } from '@/server/http/rate-limit';

export const POST = forProduct(
  'pro',
  handler({
    schema: sampleSchema,
    auth: 'optional',
    run: async ({ input, ctx, user }) => {
      await hitRateLimit(`sample:${clientKey(ctx)}`, DOMAIN_RATE_LIMITS.samplePerClient, ctx.now);
      return new Reply(await submitSample({ ...input, clientIp: ctx.ip, userId: user?.id }), 'api.submitted');
    },
  }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
