import { packageFile } from '@/contract/api/review';
import { serve } from '@/server/http/serve';
import { file } from '@/server/market/review/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(packageFile, file);
