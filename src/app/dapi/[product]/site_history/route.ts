import { domainSiteHistory } from '@/contract/api/domain';
import { history } from '@/server/domain/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(domainSiteHistory, history);
