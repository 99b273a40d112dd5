import { storeCenter } from '@/contract/api/market';
import { serve } from '@/server/http/serve';
import { storeList } from '@/server/market/store/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(storeCenter, storeList);
