import { developerAuthCodes } from '@/contract/api/developer';
import { serve } from '@/server/http/serve';
import { authCodeList } from '@/server/market/developer-api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(developerAuthCodes, authCodeList);
