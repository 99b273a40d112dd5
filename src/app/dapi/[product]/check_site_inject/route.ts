import { domainCheckInject } from '@/contract/api/domain';
import { inject } from '@/server/domain/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(domainCheckInject, inject);
