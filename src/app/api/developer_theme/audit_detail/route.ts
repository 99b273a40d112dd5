import { themeOps } from '@/contract/api/developer';
import { serve } from '@/server/http/serve';
import { auditDetail } from '@/server/market/developer-api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(themeOps.auditDetail, auditDetail('theme'));
