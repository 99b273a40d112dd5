import { userSessionsRevoke } from '@/contract/api/account';
import { revokeSessions } from '@/server/accounts/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userSessionsRevoke, revokeSessions);
