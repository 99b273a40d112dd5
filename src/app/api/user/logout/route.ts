import { userLogout } from '@/contract/api/account';
import { logout } from '@/server/accounts/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userLogout, logout);
