import { resourceProbe } from '@/contract/api/resource';
import { serve } from '@/server/http/serve';
import { stationProbe } from '@/server/resource/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(resourceProbe, stationProbe);
