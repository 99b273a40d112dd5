import { resourceList } from '@/contract/api/resource';
import { serve } from '@/server/http/serve';
import { stationList } from '@/server/resource/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(resourceList, stationList);
