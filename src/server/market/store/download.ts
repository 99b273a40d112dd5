import 'server-only';
import type { Kind } from '@/contract/market';
import { STORE_LIMITS, type StoreDownloadInput } from '@/contract/store';
import { getDb } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { hitRateLimit } from '../../http/rate-limit';
import { fileUrl } from '../files';
import { clientKey, countDownload } from './count-download';
import { requireCode } from './licence';
import { releasedApp } from './released';
import { issueTicket } from './tickets';

/**
 * plugins_download / theme_download: the released package's address (`info.source`, ending in .zip)
 * and the folder name the CMS unpacks it as (`info.file_name`). Every call counts; a paid item needs
 * a valid code and gets a link that expires.
 */
export async function storeDownload(args: { kind: Kind; input: StoreDownloadInput; ctx: RequestContext }) {
  const { kind, input, ctx } = args;
  await hitRateLimit(`store-download:${ctx.ip}`, STORE_LIMITS.downloadsPerIp, ctx.now, 'business');
  const db = await getDb();
  const { app, v } = await releasedApp(db, kind, input.id);
  if (v.toll === 1) await requireCode({ appId: app.id, code: input.code, ip: ctx.ip, now: ctx.now });
  const source = v.toll === 1 ? await issueTicket(v, ctx.now) : fileUrl(v.packageKey, true);
  const counted = await countDownload({
    appId: app.id,
    versionId: v.id,
    client: clientKey(ctx.clientId, ctx.ip),
    now: ctx.now,
  });
  return {
    id: app.id,
    source,
    file_name: `${v.folder}.zip`,
    version: v.version,
    download_num: counted.download_num,
  };
}
