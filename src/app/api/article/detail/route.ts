import { articleDetail } from '@/contract/api/content';
import { article } from '@/server/content/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(articleDetail, article);
