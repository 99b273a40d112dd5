import { userVerifyEmail } from '@/contract/api/account';
import { verifyEmail } from '@/server/accounts/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userVerifyEmail, verifyEmail);
