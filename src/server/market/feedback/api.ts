import 'server-only';
import type { feedbackItems, marketFeedback } from '@/contract/api/market';
import type { Kind } from '@/contract/market';
import { Reply } from '../../http/handler';
import type { Run } from '../../http/serve';
import { submitFeedback } from './submit';
import { feedbackTargets } from './targets';

/**
 * /api/market/feedback (either kind, as `type` says) and /api/market_theme/feedback (themes); a
 * logged-in caller is recorded with the report.
 */
export const sendFeedback =
  (kind?: Kind): Run<typeof marketFeedback> =>
  async ({ input, user, ctx }) =>
    new Reply(
      await submitFeedback({ input, kind, userId: user?.id, client: ctx.clientId }),
      'feedback.msg.submitted',
    );

export const listFeedbackTargets: Run<typeof feedbackItems> = ({ input }) => feedbackTargets(input);
