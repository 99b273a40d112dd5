import { domainInjectList } from '@/contract/api/domain';
import { injectList } from '@/server/domain/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(domainInjectList, injectList);
