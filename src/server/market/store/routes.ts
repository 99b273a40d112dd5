import 'server-only';
import { z } from 'zod';
import type { Kind } from '@/contract/market';
import {
  centerSchema,
  storeDetailSchema,
  storeDownloadSchema,
  storeVerifySchema,
  toKind,
} from '@/contract/store';
import { handler, Reply } from '../../http/handler';
import { cachedStoreDetail, cachedStoreList } from './cache';
import { storeDownload } from './download';
import { verifyStoreCode } from './licence';

/**
 * The store calls of the CMS admin's app market, the same under /api/market_plugins/* and
 * /api/market_theme/*. A `type` field wins over the path: the CMS posts plugin ids to
 * market_theme/detail when it opens its feedback form.
 */
const withKind = <S extends z.ZodType>(schema: S) =>
  z.intersection(schema, z.object({ type: z.unknown().optional() }));
const kindOf = (type: unknown, fallback: Kind) => toKind(type) ?? fallback;

export const storeCenterRoute = handler({
  schema: centerSchema,
  run: ({ input, ctx }) => cachedStoreList(input, ctx.locale),
});

/**
 * The CMS's detail view counts `info.version_history` whatever `code` says (a PHP 8 TypeError on
 * null), so a failed detail call still answers the shape it reads, empty.
 */
const EMPTY_DETAIL = { detail: {}, version_history: [] };

export const storeDetailRoute = (kind: Kind) =>
  handler({
    schema: withKind(storeDetailSchema),
    run: ({ input, ctx }) => cachedStoreDetail(kindOf(input.type, kind), input.id, ctx.locale),
    failureInfo: EMPTY_DETAIL,
  });

export const storeVerifyRoute = (kind: Kind) =>
  handler({
    schema: withKind(storeVerifySchema),
    run: async ({ input, ctx }) =>
      new Reply(
        await verifyStoreCode({
          kind: kindOf(input.type, kind),
          id: input.id,
          code: input.code,
          ip: ctx.ip,
          now: ctx.now,
        }),
        'market.msg.codeValid',
      ),
  });

export const storeDownloadRoute = (kind: Kind) =>
  handler({
    schema: withKind(storeDownloadSchema),
    run: async ({ input, ctx }) =>
      new Reply(
        await storeDownload({ kind: kindOf(input.type, kind), input, ctx }),
        'store.msg.downloadReady',
      ),
  });
