import { resourceTypes } from '@/contract/api/resource';
import { serve } from '@/server/http/serve';
import { stationTypes } from '@/server/resource/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(resourceTypes, stationTypes);
