import { pluginOps } from '@/contract/api/developer';
import { serve } from '@/server/http/serve';
import { auditList } from '@/server/market/developer-api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(pluginOps.auditList, auditList('plugin'));
