import { developerSetPublish } from '@/contract/api/developer';
import { serve } from '@/server/http/serve';
import { publish } from '@/server/market/developer-api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(developerSetPublish, publish);
