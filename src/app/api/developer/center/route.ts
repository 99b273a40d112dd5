import { developerCenter } from '@/contract/api/developer';
import { serve } from '@/server/http/serve';
import { centre } from '@/server/market/developer-api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(developerCenter, centre);
