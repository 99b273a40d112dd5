import 'server-only';
import type {
  storeCenter,
  storePluginDetail,
  storePluginDownload,
  storePluginVerify,
} from '@/contract/api/market';
import type { Kind } from '@/contract/market';
import { toKind } from '@/contract/store';
import { Reply } from '../../http/handler';
import type { Run } from '../../http/serve';
import { cachedStoreDetail, cachedStoreList } from './cache';
import { storeDownload } from './download';
import { verifyStoreCode } from './licence';
import { siteHost } from './site-host';

/**
 * The store's operations (src/contract/api/market.ts), the same under /api/market_plugins/* and
 * /api/market_theme/*: `kind` is the path's, unless the call's `type` names another.
 */
const kindOf = (type: unknown, fallback: Kind) => toKind(type) ?? fallback;

export const storeList: Run<typeof storeCenter> = ({ input, ctx }) => cachedStoreList(input, ctx.locale);

export const storeDetail =
  (kind: Kind): Run<typeof storePluginDetail> =>
  ({ input, ctx }) =>
    cachedStoreDetail(kindOf(input.type, kind), input.id, ctx.locale);

export const storeVerify =
  (kind: Kind): Run<typeof storePluginVerify> =>
  async ({ input, ctx, request }) =>
    new Reply(
      await verifyStoreCode({
        kind: kindOf(input.type, kind),
        id: input.id,
        code: input.code,
        now: ctx.now,
        site: siteHost(request, ctx.ip),
      }),
      'market.msg.codeValid',
    );

export const downloadAddress =
  (kind: Kind): Run<typeof storePluginDownload> =>
  async ({ input, ctx, request, user }) => {
    const { info, count } = await storeDownload({
      kind: kindOf(input.type, kind),
      input,
      ctx,
      site: siteHost(request, ctx.ip),
      user,
    });
    return new Reply(info, 'store.msg.downloadReady', {}, count);
  };
