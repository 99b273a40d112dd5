import { articleList } from '@/contract/api/content';
import { articles } from '@/server/content/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(articleList, articles);
