import { DOMAIN_RATE_LIMITS, domainCheckSchema } from '@/contract/domain';
import { clientKey } from '@/server/domain/client-key';
import { forProduct } from '@/server/domain/product-route';
import { checkVersion } from '@/server/domain/version/check-version';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { hitRateLimit } from '@/server/http/rate-limit';

/** Vulnerability check (issue 6): passive version estimate and the matching vulnerability records. */
export const POST = forProduct(
  '',
  handler({
    schema: domainCheckSchema,
    run: async ({ input, ctx }) => {
      await hitRateLimit(`version:${clientKey(ctx)}`, DOMAIN_RATE_LIMITS.checkPerClient, ctx.now);
      return checkVersion({ input: input.domain, locale: ctx.locale, now: ctx.now });
    },
  }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
