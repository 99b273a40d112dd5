import { storeThemeDownload } from '@/contract/api/market';
import { serve } from '@/server/http/serve';
import { downloadAddress } from '@/server/market/store/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(storeThemeDownload, downloadAddress('theme'));
