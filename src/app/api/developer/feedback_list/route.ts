import { feedbackListSchema } from '@/contract/feedback';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { feedbackList } from '@/server/market/feedback/list';

/** Problem feedback on the caller's items (`info.list`, `info.count`); administrators may ask all=1. */
export const POST = handler({
  schema: feedbackListSchema,
  auth: 'user',
  run: ({ input, user }) => feedbackList({ user, input }),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
