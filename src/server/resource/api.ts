import 'server-only';
import type {
  resourceAdd,
  resourceAudit,
  resourceList,
  resourceProbe,
  resourceTypes,
} from '@/contract/api/resource';
import { requireVerified } from '../accounts/verified';
import { AppError } from '../errors';
import { Reply } from '../http/handler';
import type { Run } from '../http/serve';
import { isAdmin } from '../identity/user';
import { addStation } from './add-station';
import { auditStation } from './audit-station';
import { listStations } from './list-stations';
import { listTypes } from './list-types';
import { probeStation } from './probe-station';

/** The resource area's operations (src/contract/api/resource.ts), one function each. */
export const stationList: Run<typeof resourceList> = async ({ input, user, ctx }) => {
  if (input.scope === 'all' && !isAdmin(user)) throw new AppError('forbidden', 'api.forbidden');
  return listStations({
    userId: input.scope === 'all' ? undefined : user.id,
    status: input.status,
    page: input.page,
    limit: input.limit,
    locale: ctx.locale,
  });
};

export const stationProbe: Run<typeof resourceProbe> = async ({ input, user, ctx }) => {
  // Only those who may submit a station may make the server fetch an address for them.
  await requireVerified(user);
  const { reason: _reason, ...result } = await probeStation({ apiUrl: input.api_url, locale: ctx.locale });
  return result;
};

export const stationAudit: Run<typeof resourceAudit> = async ({ input, user, ctx }) =>
  new Reply(
    await auditStation({ adminId: user.id, ...input, locale: ctx.locale, now: ctx.now }),
    'resource.api.audited',
  );

export const stationTypes: Run<typeof resourceTypes> = async ({ ctx }) => ({
  list: await listTypes({ locale: ctx.locale }),
});

export const stationAdd: Run<typeof resourceAdd> = async ({ input, user, ctx }) =>
  new Reply(await addStation({ userId: user.id, input, locale: ctx.locale, now: ctx.now }), 'api.submitted');
