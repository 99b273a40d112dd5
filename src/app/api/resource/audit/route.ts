import { auditSchema } from '@/contract/resource';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { auditStation } from '@/server/resource/audit-station';

/** Administrators approve (1) or reject (2, with remarks) a station; approval makes the collector due. */
export const POST = handler({
  schema: auditSchema,
  auth: 'admin',
  run: async ({ input, user, ctx }) =>
    new Reply(
      await auditStation({ adminId: user.id, ...input, locale: ctx.locale, now: ctx.now }),
      'resource.api.audited',
    ),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
