import { packageFiles } from '@/contract/api/review';
import { serve } from '@/server/http/serve';
import { files } from '@/server/market/review/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(packageFiles, files);
