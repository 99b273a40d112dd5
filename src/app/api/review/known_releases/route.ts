import { knownReleases } from '@/contract/api/review';
import { serve } from '@/server/http/serve';
import { known } from '@/server/market/review/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(knownReleases, known);
