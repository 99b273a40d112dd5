import { listSchema } from '@/contract/market';
import { handler } from '@/server/http/handler';
import { feedbackList } from '@/server/market/feedback-list';

export const POST = handler({
  schema: listSchema,
  auth: 'user',
  run: ({ input, user }) => feedbackList({ userId: user.id, input }),
});
