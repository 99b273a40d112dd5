import { storeThemeDetail } from '@/contract/api/market';
import { serve } from '@/server/http/serve';
import { storeDetail } from '@/server/market/store/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(storeThemeDetail, storeDetail('theme'));
