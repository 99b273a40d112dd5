import { userSessions } from '@/contract/api/account';
import { sessions } from '@/server/accounts/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userSessions, sessions);
