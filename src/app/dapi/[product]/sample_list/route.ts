import { domainSampleList } from '@/contract/api/domain';
import { sampleList } from '@/server/domain/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(domainSampleList, sampleList);
