import { userResetPassword } from '@/contract/api/account';
import { resetWithLink } from '@/server/accounts/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userResetPassword, resetWithLink);
