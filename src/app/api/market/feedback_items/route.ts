import { feedbackItems } from '@/contract/api/market';
import { serve } from '@/server/http/serve';
import { listFeedbackTargets } from '@/server/market/feedback/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(feedbackItems, listFeedbackTargets);
