import { developerUpload } from '@/contract/api/developer';
import { serve } from '@/server/http/serve';
import { upload } from '@/server/market/developer-api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(developerUpload, upload);
