import { domainStartInject } from '@/contract/api/domain';
import { injectStart } from '@/server/domain/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(domainStartInject, injectStart);
