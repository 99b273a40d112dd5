import { developerVerifyAuthCode } from '@/contract/api/developer';
import { serve } from '@/server/http/serve';
import { checkAuthCode } from '@/server/market/developer-api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(developerVerifyAuthCode, checkAuthCode);
