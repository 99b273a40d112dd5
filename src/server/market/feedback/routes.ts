import 'server-only';
import { FEEDBACK_RATE_LIMIT, feedbackSchema } from '@/contract/feedback';
import type { Kind } from '@/contract/market';
import { handler, Reply } from '../../http/handler';
import { hitRateLimit } from '../../http/rate-limit';
import { submitFeedback } from './submit';

/**
 * /api/market/feedback (either kind, as `type` says) and /api/market_theme/feedback (themes). No
 * token needed: the CMS admin sends none; a logged-in caller is recorded with the report.
 */
export const feedbackRoute = (kind?: Kind) =>
  handler({
    schema: feedbackSchema,
    auth: 'optional',
    run: async ({ input, user, ctx }) => {
      await hitRateLimit(`feedback:ip:${ctx.ip}`, FEEDBACK_RATE_LIMIT, ctx.now, 'business');
      const result = await submitFeedback({ input, kind, userId: user?.id, client: ctx.clientId });
      return new Reply(result, 'feedback.msg.submitted');
    },
  });
