import { itemReviewList } from '@/contract/api/item-reviews';
import { serve } from '@/server/http/serve';
import { listReviews } from '@/server/market/ratings/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(itemReviewList, listReviews);
