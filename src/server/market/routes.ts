import 'server-only';
import { appAddSchema, auditSchema, detailSchema, type Kind, listSchema } from '@/contract/market';
import { handler, Reply } from '../http/handler';
import { auditApp } from './audit';
import { appDetail } from './detail';
import { listApps } from './list';
import { submitApp } from './submit';

/** The same six calls serve /api/developer_plugins/* and /api/developer_theme/*; only the kind differs. */
export const addRoute = (kind: Kind) =>
  handler({
    schema: appAddSchema,
    auth: 'user',
    run: async ({ input, user, ctx }) =>
      new Reply(await submitApp({ user, kind, input, locale: ctx.locale }), 'market.msg.submitted'),
  });

export const centerRoute = (kind: Kind) =>
  handler({
    schema: listSchema,
    auth: 'user',
    run: ({ input, user }) => listApps({ kind, input, ownerId: user.id }),
  });

export const detailRoute = (kind: Kind) =>
  handler({
    schema: detailSchema,
    auth: 'user',
    run: ({ input, user, ctx }) =>
      appDetail({ id: input.id, kind, viewer: user, admin: false, locale: ctx.locale }),
  });

export const auditListRoute = (kind: Kind) =>
  handler({ schema: listSchema, auth: 'admin', run: ({ input }) => listApps({ kind, input }) });

export const auditDetailRoute = (kind: Kind) =>
  handler({
    schema: detailSchema,
    auth: 'admin',
    run: ({ input, user, ctx }) =>
      appDetail({ id: input.id, kind, viewer: user, admin: true, locale: ctx.locale }),
  });

export const doAuditRoute = (kind: Kind) =>
  handler({
    schema: auditSchema,
    auth: 'admin',
    run: async ({ input, user }) =>
      new Reply(await auditApp({ admin: user, kind, input }), 'market.msg.audited'),
  });
