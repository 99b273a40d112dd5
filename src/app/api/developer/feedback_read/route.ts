import { developerFeedbackRead } from '@/contract/api/developer';
import { serve } from '@/server/http/serve';
import { feedbackRead } from '@/server/market/developer-api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(developerFeedbackRead, feedbackRead);
