import { userDomainWatchKey } from '@/contract/api/account';
import { serve } from '@/server/http/serve';
import { domainWatchKey } from '@/server/mail/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userDomainWatchKey, domainWatchKey);
