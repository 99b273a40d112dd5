import { domainIsfake } from '@/contract/api/domain';
import { authenticity } from '@/server/domain/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(domainIsfake, authenticity);
