import 'server-only';
import type {
  developerAppDownload,
  developerAuthCodes,
  developerCenter,
  developerFeedbackList,
  developerFeedbackRead,
  developerGetAuthCode,
  developerHowToBuy,
  developerRevokeAuthCode,
  developerSetPublish,
  developerUpload,
  developerVerifyAuthCode,
  pluginOps,
} from '@/contract/api/developer';
import { type Kind, UPLOAD_LIMIT } from '@/contract/market';
import { hitAccountLimit } from '../http/declared-limits';
import { Reply } from '../http/handler';
import type { Run } from '../http/serve';
import { auditApp } from './audit';
import { generateAuthCode, listAuthCodes, revokeAuthCode, verifyOwnAuthCode } from './auth-codes';
import { developerCenter as center } from './center';
import { appDetail } from './detail';
import { appDownload } from './download';
import { feedbackList } from './feedback/list';
import { markFeedbackRead } from './feedback/read';
import { setHowToBuy } from './how-to-buy';
import { listApps } from './list';
import { publishApp } from './publish';
import { submitApp } from './submit';
import { uploadFile } from './upload';

/**
 * The developer area's operations (src/contract/api/developer.ts). The six per-kind calls serve
 * /api/developer_plugins/* and /api/developer_theme/* alike; only the kind differs.
 */
type KindOps = typeof pluginOps;

export const submit =
  (kind: Kind): Run<KindOps['add']> =>
  async ({ input, user, ctx }) => {
    // A file sent inline is scanned and stored like an upload, and counts as one.
    const inline = [input.source, input.pc_image, ...input.pc_preview, input.h5_image, ...input.h5_preview];
    for (const file of inline)
      if (file instanceof File) await hitAccountLimit(UPLOAD_LIMIT, user.id, ctx.now);
    return new Reply(await submitApp({ user, kind, input, locale: ctx.locale }), 'market.msg.submitted');
  };

export const ownList =
  (kind: Kind): Run<KindOps['center']> =>
  ({ input, user }) =>
    listApps({ kind, input, ownerId: user.id });

export const ownDetail =
  (kind: Kind): Run<KindOps['detail']> =>
  ({ input, user, ctx }) =>
    appDetail({ id: input.id, kind, viewer: user, admin: false, locale: ctx.locale });

export const auditList =
  (kind: Kind): Run<KindOps['auditList']> =>
  ({ input }) =>
    listApps({ kind, input });

export const auditDetail =
  (kind: Kind): Run<KindOps['auditDetail']> =>
  ({ input, user, ctx }) =>
    appDetail({ id: input.id, kind, viewer: user, admin: true, locale: ctx.locale });

export const audit =
  (kind: Kind): Run<KindOps['doAudit']> =>
  async ({ input, user }) =>
    new Reply(await auditApp({ admin: user, kind, input }), 'market.msg.audited');

export const centre: Run<typeof developerCenter> = ({ user, ctx }) => center({ user, now: ctx.now });

export const publish: Run<typeof developerSetPublish> = async ({ input, user }) =>
  new Reply(await publishApp({ user, id: input.id }), 'market.msg.published');

/** One file per request (multipart `file`, `type` source|image, `kind`), so the page can show progress. */
export const upload: Run<typeof developerUpload> = async ({ input, user, ctx }) =>
  new Reply(await uploadFile({ user, ...input, locale: ctx.locale }), 'market.msg.uploaded');

export const download: Run<typeof developerAppDownload> = async ({ input, user }) =>
  new Reply(await appDownload({ user, id: input.id }), 'market.msg.downloadReady');

/** Only this call makes a code: the developer centre's "Generate" button, with the limits chosen. */
export const newAuthCode: Run<typeof developerGetAuthCode> = async ({ input, user, ctx }) => {
  const { id, ...limits } = input;
  return new Reply(await generateAuthCode({ user, id, limits, now: ctx.now }), 'market.msg.codeGenerated');
};

export const authCodeList: Run<typeof developerAuthCodes> = ({ input, user, ctx }) =>
  listAuthCodes({ user, id: input.id, page: input.page, now: ctx.now });

export const revokeCode: Run<typeof developerRevokeAuthCode> = async ({ input, user, ctx }) =>
  new Reply(
    await revokeAuthCode({ user, id: input.id, codeId: input.code_id, now: ctx.now }),
    'market.msg.codeRevoked',
  );

export const howToBuy: Run<typeof developerHowToBuy> = async ({ input, user }) =>
  new Reply(await setHowToBuy({ user, id: input.id, note: input.how_to_buy }), 'market.msg.howToBuySaved');

export const checkAuthCode: Run<typeof developerVerifyAuthCode> = async ({ input, user, ctx }) =>
  new Reply(
    await verifyOwnAuthCode({ user, id: input.id, code: input.code, now: ctx.now }),
    'market.msg.codeValid',
  );

/** Problem feedback on the caller's items (`info.list`, `info.count`); administrators may ask all=1. */
export const feedback: Run<typeof developerFeedbackList> = ({ input, user }) => feedbackList({ user, input });

/** Marks a report on the caller's item as read (`id`), or all of them (`all=1`). */
export const feedbackRead: Run<typeof developerFeedbackRead> = async ({ input, user, ctx }) =>
  new Reply(
    await markFeedbackRead({ user, id: input.id, all: input.all, now: ctx.now }),
    'feedback.msg.read',
  );
