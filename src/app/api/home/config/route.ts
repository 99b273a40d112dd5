import { homeConfig } from '@/contract/api/content';
import { siteDictionary } from '@/server/content/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(homeConfig, siteDictionary);
