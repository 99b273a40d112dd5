import { userDomainWatch } from '@/contract/api/account';
import { serve } from '@/server/http/serve';
import { domainWatch } from '@/server/mail/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(userDomainWatch, domainWatch);
