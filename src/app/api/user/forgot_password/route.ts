import { userForgotPassword } from '@/contract/api/account';
import { forgotPassword } from '@/server/accounts/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userForgotPassword, forgotPassword);
