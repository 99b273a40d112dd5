import { itemReviewReply } from '@/contract/api/item-reviews';
import { serve } from '@/server/http/serve';
import { replyItemReview } from '@/server/market/ratings/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(itemReviewReply, replyItemReview);
