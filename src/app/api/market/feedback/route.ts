import { marketFeedback } from '@/contract/api/market';
import { serve } from '@/server/http/serve';
import { sendFeedback } from '@/server/market/feedback/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(marketFeedback, sendFeedback());
