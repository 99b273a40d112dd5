import { stationListSchema } from '@/contract/resource';
import { isAdmin } from '@/server/accounts/present';
import { AppError } from '@/server/errors';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { listStations } from '@/server/resource/list-stations';

/** The caller's stations; `scope=all` lists every developer's for administrators. */
export const POST = handler({
  schema: stationListSchema,
  auth: 'user',
  run: async ({ input, user, ctx }) => {
    if (input.scope === 'all' && !isAdmin(user)) throw new AppError('forbidden', 'api.forbidden');
    return listStations({
      userId: input.scope === 'all' ? undefined : user.id,
      status: input.status,
      page: input.page,
      limit: input.limit,
      locale: ctx.locale,
    });
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
