import { packageDiff } from '@/contract/api/review';
import { serve } from '@/server/http/serve';
import { diff } from '@/server/market/review/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(packageDiff, diff);
