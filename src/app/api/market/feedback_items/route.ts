import { feedbackTargetsSchema } from '@/contract/feedback';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { feedbackTargets } from '@/server/market/feedback/targets';

/** The feedback form's item search: released items with their public versions. */
export const POST = handler({
  schema: feedbackTargetsSchema,
  run: ({ input }) => feedbackTargets(input),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
