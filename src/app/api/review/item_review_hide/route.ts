import { itemReviewModerate } from '@/contract/api/item-reviews';
import { serve } from '@/server/http/serve';
import { moderateItemReview } from '@/server/market/ratings/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(itemReviewModerate, moderateItemReview);
