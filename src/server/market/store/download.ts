import 'server-only';
import type { Kind } from '@/contract/market';
import type { StoreDownloadInput } from '@/contract/store';
import { getDb } from '../../db/client';
import type { RequestContext } from '../../http/context';
import type { UserRow } from '../../identity/user';
import { fileUrl } from '../files';
import { recordUserDownload } from '../ratings/downloads';
import { addrKey, clientKey, countDownload, downloadCountAfter } from './count-download';
import { requireCode } from './licence';
import { releasedApp } from './released';
import { issueTicket, ticketPackage, ticketToken, ticketUrl } from './tickets';

/**
 * plugins_download / theme_download: the released package's address (`info.source`, ending in .zip)
 * and the folder name the CMS unpacks it as (`info.file_name`), and the count that records the call
 * (`count`). Every call counts; a paid item needs a valid code and gets a link that expires. The
 * limits are declared with the operations.
 */
export async function storeDownload(args: {
  kind: Kind;
  input: StoreDownloadInput;
  ctx: RequestContext;
  /** The site asking (site-host.ts): a code whose sites limit is reached serves only its sites. */
  site: string;
  user?: UserRow;
}) {
  const { kind, input, ctx, user } = args;
  const db = await getDb();
  const { app, v } = await releasedApp(db, kind, input.id);
  const source =
    v.toll === 1 ? await paidSource(app.id, v, input, ctx, args.site) : fileUrl(v.packageKey, true);
  const call = {
    appId: app.id,
    versionId: v.id,
    client: clientKey(ctx.clientId, ctx.ip),
    addr: addrKey(ctx.ip),
    now: ctx.now,
  };
  return {
    info: {
      id: app.id,
      source,
      file_name: `${v.folder}.zip`,
      version: v.version,
      download_num: await downloadCountAfter(call),
    },
    // Counted only once the answer was handed over (the caller's Reply runs it after delivery): a
    // count committed before the answer could be followed by a 503 (a freeze between COMMIT and
    // reply) and count a download nobody got. A logged-in caller's download is recorded with the
    // account, which may then review the item.
    count: () => Promise.all([countDownload(call), user && recordUserDownload(user.id, app.id)]),
  };
}

/**
 * A paid package's link: a new one after a valid code, or the link the caller already holds (the CMS
 * calls again with `down_url` after installing, only to count the download).
 */
async function paidSource(
  appId: number,
  v: { id: number; folder: string },
  input: StoreDownloadInput,
  ctx: RequestContext,
  site: string,
) {
  const token = !input.code && input.downUrl ? ticketToken(input.downUrl) : undefined;
  const held = token ? await ticketPackage(token, ctx.now) : undefined;
  if (token && held?.appId === appId) return ticketUrl(token, held.folder);
  await requireCode({ appId, code: input.code, now: ctx.now, site });
  return issueTicket(v, ctx.now);
}
