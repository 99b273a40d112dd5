import { z } from 'zod';
import { siteConfig } from '@/server/content/site-config';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';

export const GET = handler({ schema: z.object({}), run: async () => siteConfig() });
export const POST = GET;

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
