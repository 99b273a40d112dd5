import { pluginOps } from '@/contract/api/developer';
import { serve } from '@/server/http/serve';
import { submit } from '@/server/market/developer-api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(pluginOps.add, submit('plugin'));
