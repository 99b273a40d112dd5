import { developerRevokeAuthCode } from '@/contract/api/developer';
import { serve } from '@/server/http/serve';
import { revokeCode } from '@/server/market/developer-api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(developerRevokeAuthCode, revokeCode);
