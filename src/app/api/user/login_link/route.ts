import { userLoginLink } from '@/contract/api/account';
import { mailLoginLink } from '@/server/accounts/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userLoginLink, mailLoginLink);
