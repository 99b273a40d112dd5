import { domainSampleReview } from '@/contract/api/domain';
import { sampleReview } from '@/server/domain/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(domainSampleReview, sampleReview);
