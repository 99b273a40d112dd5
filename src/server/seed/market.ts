import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { formatTime, unixTime } from '@/contract/format';
import { appAddSchema, type Kind } from '@/contract/market';
import { findUserByEmail } from '../accounts/users';
import { getDb } from '../db/client';
import { apps, appVersions } from '../db/schema';
import type { UserRow } from '../identity/user';
import { auditApp } from '../market/audit';
import { generateAuthCode, revokeAuthCode } from '../market/auth-codes';
import { setHowToBuy } from '../market/how-to-buy';
import { publishApp } from '../market/publish';
import { countDownload } from '../market/store/count-download';
import { verifyStoreCode } from '../market/store/licence';
import { submitApp } from '../market/submit';
import { demoMedia } from './demo-media';
import { demoPluginZip, demoThemeZip } from './market-assets';
import { DEMO_ITEMS, type DemoItem } from './market-items';

const file = (bytes: Uint8Array, name: string) => new File([bytes as BlobPart], name);

/** The demo item's images (content/demo-media/market/<folder>/), sent again with every version. */
function imagesOf(item: DemoItem) {
  const media = (name: string) => demoMedia(`market/${item.folder}/${name}`);
  if (item.kind === 'plugin')
    return {
      pc_image: media('thumb.png'),
      pc_preview: [media('settings.png'), media('panel.png')],
      h5_image: '',
      h5_preview: [],
    };
  const h5 = media('h5.png');
  const home = media('home.png');
  return { pc_image: home, pc_preview: [home, media('detail.png')], h5_image: h5, h5_preview: [h5] };
}

type Images = ReturnType<typeof imagesOf>;

/** Submits one version of a demo item, its fields and files as a developer would send them. */
function submit(owner: UserRow, item: DemoItem, images: Images, version: string, id?: number) {
  const zip =
    item.kind === 'theme'
      ? demoThemeZip(item.folder, item.name, version, item.zippedFolder)
      : demoPluginZip(item.folder, item.name, version, item.zippedFolder);
  const input = appAddSchema.parse({
    id,
    name: item.name,
    describe: item.describe,
    version,
    changelog: item.changelogs?.[version] ?? '',
    support_version: '2025.1000',
    system_version: 'PHP >= 7.4, MySQL >= 5.5',
    device: item.device,
    toll: item.toll,
    lang_list: ['zh-cn', 'zh-tw', 'en-us'],
    source: file(zip, `${item.folder}.zip`),
    ...images,
  });
  return submitApp({ user: owner, kind: item.kind, input, locale: 'zh-cn' });
}

async function release(
  owner: UserRow,
  admin: UserRow,
  item: DemoItem,
  images: Images,
  version: string,
  id?: number,
) {
  const added = await submit(owner, item, images, version, id);
  const input = { id: added.id, status: 1 as const, remarks: '', version, version_id: undefined };
  await auditApp({ admin, kind: item.kind, input });
  await publishApp({ user: owner, id: added.id });
  return added.id;
}

/** Demo plugins and themes, submitted, audited and released through the market services (idempotent). */
export async function seedMarket() {
  const admin = await findUserByEmail('admin@example.com');
  if (!admin) return;
  for (const [index, item] of DEMO_ITEMS.entries()) {
    const owner = await findUserByEmail(item.owner);
    if (!owner || (await exists(item.kind, item.folder))) continue;
    const images = imagesOf(item);
    const [first = '1.0.0', ...later] = item.versions ?? ['1.0.0'];
    if (item.end === 'review' || (item.end && 'failed' in item.end)) {
      const { id } = await submit(owner, item, images, first);
      const failed = item.end !== 'review' ? item.end.failed : '';
      if (failed) {
        const input = { id, status: 2 as const, remarks: failed, version: '', version_id: undefined };
        await auditApp({ admin, kind: item.kind, input });
      }
      continue;
    }
    let id = await release(owner, admin, item, images, first);
    for (const version of later) id = await release(owner, admin, item, images, version, id);
    if (item.end && 'update' in item.end) await submit(owner, item, images, item.end.update, id);
    if (item.toll) await seedLicences(owner, item, id);
    await seedDownloads(id, item.daily, index + 1);
  }
}

/**
 * A paid item's licence management as a developer would leave it: a "how to buy" note, a plain
 * code redeemed by two sites, one limited to one site and a date that a site took, and a revoked one,
 * all through the services the developer centre and the CMS's check call.
 */
async function seedLicences(owner: UserRow, item: DemoItem, id: number) {
  const now = new Date();
  const nextYear = formatTime(unixTime(now) + 365 * 86_400, true);
  await setHowToBuy({
    user: owner,
    id,
    note: `购买「${item.name}」：在开发者网站付款后，凭订单号联系开发者，一天内通过邮件收到授权码。`,
  });
  const plain = await generateAuthCode({ user: owner, id, now });
  const limited = await generateAuthCode({
    user: owner,
    id,
    now,
    limits: { max_sites: 1, expires: nextYear },
  });
  const revoked = await generateAuthCode({ user: owner, id, now });
  const redeem = (code: string, site: string) => verifyStoreCode({ kind: item.kind, id, code, now, site });
  await redeem(plain.code, 'www.demo-video.example');
  await redeem(plain.code, 'm.demo-video.example');
  await redeem(plain.code, 'www.demo-video.example');
  await redeem(limited.code, 'films.example.net');
  const row = revoked.list.find((c) => c.code === revoked.code);
  if (row) await revokeAuthCode({ user: owner, id, codeId: row.id, now });
}

/** Thirty days of downloads through the counting service: a few repeat calls among unique clients. */
async function seedDownloads(appId: number, daily: number, seed: number) {
  const db = await getDb();
  const [app] = await db.select().from(apps).where(eq(apps.id, appId));
  if (!app?.releasedVersionId || daily <= 0) return;
  let state = seed * 2654435761;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const now = Date.now();
  for (let daysAgo = 29; daysAgo >= 0; daysAgo--) {
    const at = new Date(now - daysAgo * 86_400_000);
    const trend = 0.6 + ((29 - daysAgo) / 29) * 0.8;
    const clients = Math.round(daily * trend * (0.5 + random()));
    for (let c = 0; c < clients; c++) {
      const calls = random() < 0.2 ? 2 : 1;
      for (let k = 0; k < calls; k++)
        await countDownload({
          appId,
          versionId: app.releasedVersionId,
          client: `demo-${daysAgo}-${c}`,
          addr: `demo-${daysAgo}-${c}`,
          now: at,
        });
    }
  }
}

async function exists(kind: Kind, folder: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: apps.id })
    .from(apps)
    .innerJoin(appVersions, eq(appVersions.appId, apps.id))
    .where(and(eq(apps.kind, kind), sql`lower(${appVersions.folder}) = ${folder}`))
    .limit(1);
  return !!row;
}
