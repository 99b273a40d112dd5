import { auditSchema } from '@/contract/resource';
import { handler, Reply } from '@/server/http/handler';
import { auditStation } from '@/server/resource/audit-station';
import { anyPayload, validate } from '@/server/resource/validate';

/** Administrators approve (1) or reject (2, with remarks) a station; approval makes the collector due. */
export const POST = handler({
  schema: anyPayload,
  auth: 'admin',
  run: async ({ input, user, ctx }) => {
    const decision = validate(auditSchema, input);
    return new Reply(
      await auditStation({ adminId: user.id, ...decision, locale: ctx.locale, now: ctx.now }),
      'resource.api.audited',
    );
  },
});
