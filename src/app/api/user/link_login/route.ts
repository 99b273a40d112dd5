import { userLinkLogin } from '@/contract/api/account';
import { loginByLink } from '@/server/accounts/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userLinkLogin, loginByLink);
