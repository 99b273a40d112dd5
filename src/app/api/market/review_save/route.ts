import { itemReviewSave } from '@/contract/api/item-reviews';
import { serve } from '@/server/http/serve';
import { saveItemReview } from '@/server/market/ratings/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(itemReviewSave, saveItemReview);
