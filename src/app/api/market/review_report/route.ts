import { itemReviewReport } from '@/contract/api/item-reviews';
import { serve } from '@/server/http/serve';
import { reportItemReview } from '@/server/market/ratings/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(itemReviewReport, reportItemReview);
