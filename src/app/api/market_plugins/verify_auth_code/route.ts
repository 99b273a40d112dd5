import { storePluginVerify } from '@/contract/api/market';
import { serve } from '@/server/http/serve';
import { storeVerify } from '@/server/market/store/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(storePluginVerify, storeVerify('plugin'));
