import { userRegister } from '@/contract/api/account';
import { register } from '@/server/accounts/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userRegister, register);
