import { userChangePassword } from '@/contract/api/account';
import { changeOwnPassword } from '@/server/accounts/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userChangePassword, changeOwnPassword);
