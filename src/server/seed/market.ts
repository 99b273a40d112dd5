import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { appAddSchema, type Kind } from '@/contract/market';
import { findUserByEmail } from '../accounts/users';
import { getDb } from '../db/client';
import { apps, appVersions } from '../db/schema';
import { auditApp } from '../market/audit';
import { publishApp } from '../market/publish';
import { submitApp } from '../market/submit';
import { demoPluginZip, demoPng, demoThemeZip } from './market-assets';

type Rgb = [number, number, number];
type Item = {
  owner: string;
  kind: Kind;
  folder: string;
  name: string;
  describe: string;
  toll: 0 | 1;
  colors: [Rgb, Rgb];
  /** released (default), failed with a reason, or left under review. */
  end?: { failed: string } | 'review';
};

const DEV = 'developer@example.com';
const ADMIN = 'admin@example.com';
const ITEMS: Item[] = [
  {
    owner: DEV,
    kind: 'plugin',
    folder: 'danmaku',
    name: '弹幕助手 Danmaku',
    describe: '为播放页加入弹幕：发送、过滤、按时间轴回放。\nBullet comments for the player page.',
    toll: 0,
    colors: [
      [31, 111, 235],
      [130, 80, 223],
    ],
  },
  {
    owner: DEV,
    kind: 'plugin',
    folder: 'seopro',
    name: 'SEO Pro',
    describe: '自动生成站点地图和结构化数据。\nSitemaps and structured data, generated automatically.',
    toll: 1,
    colors: [
      [26, 127, 55],
      [31, 111, 235],
    ],
  },
  {
    owner: DEV,
    kind: 'theme',
    folder: 'aurora',
    name: '极光 Aurora',
    describe: '深色影视模板，PC 与 H5 自适应。\nA dark video theme for PC and H5.',
    toll: 0,
    colors: [
      [36, 41, 47],
      [130, 80, 223],
    ],
  },
  {
    owner: DEV,
    kind: 'theme',
    folder: 'breeze',
    name: '清风 Breeze',
    describe: '简洁明亮的影视模板。\nA light, clean video theme.',
    toll: 1,
    colors: [
      [84, 174, 255],
      [240, 246, 252],
    ],
    end: 'review',
  },
  {
    owner: DEV,
    kind: 'plugin',
    folder: 'preroll',
    name: '片头广告 Pre-roll',
    describe: '在播放前插入可跳过的片头广告。\nSkippable pre-roll ads before playback.',
    toll: 0,
    colors: [
      [191, 135, 0],
      [207, 34, 46],
    ],
    end: { failed: '请在描述中说明广告的来源，并删除 config.php 中的测试地址后重新提交。' },
  },
  {
    owner: ADMIN,
    kind: 'plugin',
    folder: 'collector',
    name: '采集增强 Collector+',
    describe:
      '资源站定时采集、去重与入库。\nScheduled collection from resource stations, with de-duplication.',
    toll: 0,
    colors: [
      [207, 34, 46],
      [191, 135, 0],
    ],
  },
  {
    owner: ADMIN,
    kind: 'theme',
    folder: 'classic',
    name: '经典 Classic',
    describe: '官方经典模板。\nThe official classic theme.',
    toll: 0,
    colors: [
      [31, 35, 40],
      [31, 111, 235],
    ],
  },
];

const file = (bytes: Uint8Array, name: string) => new File([bytes as BlobPart], name);

/** Demo plugins and themes, submitted, audited and released through the market services (idempotent). */
export async function seedMarket() {
  const admin = await findUserByEmail(ADMIN);
  if (!admin) return;
  for (const item of ITEMS) {
    const owner = await findUserByEmail(item.owner);
    if (!owner || (await exists(item.kind, item.folder))) continue;
    const zip =
      item.kind === 'plugin' ? demoPluginZip(item.folder, item.name) : demoThemeZip(item.folder, item.name);
    const [a, b] = item.colors;
    const input = appAddSchema.parse({
      name: item.name,
      describe: item.describe,
      version: '1.0.0',
      support_version: '2025.1000',
      system_version: 'PHP >= 7.4',
      device: 0,
      toll: item.toll,
      langs: 3,
      source: file(zip, `${item.folder}.zip`),
      pc_image: file(demoPng(480, 300, a, b), 'thumb.png'),
      pc_preview: [
        file(demoPng(960, 600, a, b), 'preview-1.png'),
        file(demoPng(960, 600, b, a), 'preview-2.png'),
      ],
      h5_image: item.kind === 'theme' ? file(demoPng(300, 480, b, a), 'h5.png') : '',
      h5_preview: item.kind === 'theme' ? [file(demoPng(390, 844, a, b), 'h5-preview.png')] : [],
    });
    const { id } = await submitApp({ user: owner, kind: item.kind, input, locale: 'zh-cn' });
    if (item.end === 'review') continue;
    const failed = item.end?.failed;
    await auditApp({
      admin,
      kind: item.kind,
      input: { id, status: failed ? 2 : 1, remarks: failed ?? '', version: '1.0.0', version_id: undefined },
    });
    if (!failed) await publishApp({ user: owner, id });
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
