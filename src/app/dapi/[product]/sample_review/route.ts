import { sampleReviewSchema } from '@/contract/domain';
import { forProduct } from '@/server/domain/product-route';
import { reviewSample } from '@/server/domain/samples/review-sample';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';

/** Administrators only: test a sample against the clean corpus, accept it as a signature, or reject it. */
export const POST = forProduct(
  'pro',
  handler({
    schema: sampleReviewSchema,
    auth: 'admin',
    run: async ({ input, user, ctx }) =>
      new Reply(await reviewSample({ ...input, adminId: user.id, now: ctx.now }), 'api.modified'),
  }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
