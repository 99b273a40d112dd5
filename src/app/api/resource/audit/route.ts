import { resourceAudit } from '@/contract/api/resource';
import { serve } from '@/server/http/serve';
import { stationAudit } from '@/server/resource/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(resourceAudit, stationAudit);
