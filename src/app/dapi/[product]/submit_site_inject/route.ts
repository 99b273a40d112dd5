import { domainSubmitSample } from '@/contract/api/domain';
import { sampleSubmit } from '@/server/domain/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(domainSubmitSample, sampleSubmit);
