import { z } from 'zod';
import { forProduct } from '@/server/domain/product-route';
import { listSamples } from '@/server/domain/samples/list-samples';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';

export const POST = forProduct(
  'pro',
  handler({ schema: z.object({}), auth: 'admin', run: async () => ({ list: await listSamples() }) }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
