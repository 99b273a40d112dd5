import { userLogin } from '@/contract/api/account';
import { login } from '@/server/accounts/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userLogin, login);
