import { z } from 'zod';
import { siteConfig } from '@/server/content/site-config';
import { handler } from '@/server/http/handler';

export const GET = handler({ schema: z.object({}), run: async () => siteConfig() });
export const POST = GET;
