import { domainCheckVersion } from '@/contract/api/domain';
import { version } from '@/server/domain/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(domainCheckVersion, version);
