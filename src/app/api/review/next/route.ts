import { reviewNext } from '@/contract/api/review';
import { serve } from '@/server/http/serve';
import { next } from '@/server/market/review/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(reviewNext, next);
