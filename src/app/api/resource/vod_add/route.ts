import { resourceAdd } from '@/contract/api/resource';
import { serve } from '@/server/http/serve';
import { stationAdd } from '@/server/resource/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(resourceAdd, stationAdd);
