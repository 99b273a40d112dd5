import { releaseLatest } from '@/contract/api/content';
import { latestDownloads } from '@/server/content/api';
import { serve } from '@/server/http/serve';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(releaseLatest, latestDownloads);
