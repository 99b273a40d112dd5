import { itemReviewModeration } from '@/contract/api/item-reviews';
import { serve } from '@/server/http/serve';
import { listModeration } from '@/server/market/ratings/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(itemReviewModeration, listModeration);
