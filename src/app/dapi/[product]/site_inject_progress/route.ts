import { domainInjectProgress } from '@/contract/api/domain';
import { injectProgress } from '@/server/domain/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(domainInjectProgress, injectProgress);
