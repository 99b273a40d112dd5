import { developerAppDownload } from '@/contract/api/developer';
import { serve } from '@/server/http/serve';
import { download } from '@/server/market/developer-api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(developerAppDownload, download);
