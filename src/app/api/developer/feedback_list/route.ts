import { developerFeedbackList } from '@/contract/api/developer';
import { serve } from '@/server/http/serve';
import { feedback } from '@/server/market/developer-api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(developerFeedbackList, feedback);
