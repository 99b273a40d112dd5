import { userInfo } from '@/contract/api/account';
import { profile } from '@/server/accounts/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userInfo, profile);
