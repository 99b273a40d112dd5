import { developerGetAuthCode } from '@/contract/api/developer';
import { serve } from '@/server/http/serve';
import { newAuthCode } from '@/server/market/developer-api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(developerGetAuthCode, newAuthCode);
