import 'server-only';
import type { Kind } from '@/contract/market';

export type DemoItem = {
  owner: string;
  kind: Kind;
  folder: string;
  name: string;
  describe: string;
  toll: 0 | 1;
  device: 0 | 1 | 2;
  /** Released versions, oldest first (default one). */
  versions?: string[];
  /** What changed in a version, by version number (shown on the item page). */
  changelogs?: Record<string, string>;
  /** Left failed with a reason, left under review, or released with a newer version under review. */
  end?: { failed: string } | 'review' | { update: string };
  /** Average unique downloads a day over the last 30 days. */
  daily: number;
  /** Uploaded as a zip of its folder, the way many developers send it (the market repacks it). */
  zippedFolder?: boolean;
};

const DEV = 'developer@example.com';
const ADMIN = 'admin@example.com';
const STUDIO = 'studio@example.com';

/** The demo market: free and paid plugins and themes by three developers, in every state. */
export const DEMO_ITEMS: DemoItem[] = [
  {
    owner: DEV,
    kind: 'plugin',
    folder: 'danmaku',
    name: '弹幕助手 Danmaku',
    describe:
      '为播放页加入弹幕：发送、关键词过滤、按时间轴回放，支持后台审核与一键清空。\nBullet comments for the player page: send, filter by keyword, replay on the timeline.',
    toll: 0,
    device: 0,
    versions: ['1.0.0', '1.1.0', '1.2.0'],
    changelogs: {
      '1.0.0': '首个版本：发送弹幕与关键词过滤。\nFirst release: sending and keyword filtering.',
      '1.1.0': '新增按时间轴回放弹幕。\nAdded replay on the timeline.',
      '1.2.0':
        '新增后台审核与一键清空；修复长弹幕在手机上溢出的问题。\nAdded review in the admin and clearing at once; long comments no longer overflow on phones.',
    },
    daily: 5,
  },
  {
    owner: DEV,
    kind: 'plugin',
    folder: 'seopro',
    name: 'SEO Pro',
    describe:
      '自动生成站点地图、结构化数据和规范链接，按栏目设置标题模板。\nSitemaps, structured data and canonical links, with title templates per category.',
    toll: 1,
    device: 0,
    versions: ['2.0.0', '2.1.0'],
    end: { update: '2.2.0' },
    daily: 3,
  },
  {
    owner: DEV,
    kind: 'plugin',
    folder: 'preroll',
    name: '片头广告 Pre-roll',
    describe: '在播放前插入可跳过的片头广告，按栏目和地区投放。\nSkippable pre-roll ads before playback.',
    toll: 0,
    device: 0,
    end: { failed: '请在描述中说明广告的来源，并删除 config.php 中的测试地址后重新提交。' },
    daily: 0,
  },
  {
    owner: ADMIN,
    kind: 'plugin',
    folder: 'collector',
    zippedFolder: true,
    name: '采集增强 Collector+',
    describe:
      '资源站定时采集、去重与入库，失败自动重试并记录原因。\nScheduled collection from resource stations, with de-duplication and retries.',
    toll: 0,
    device: 0,
    daily: 7,
  },
  {
    owner: ADMIN,
    kind: 'plugin',
    folder: 'cloudstore',
    name: '云存储 Cloud Storage',
    describe:
      '把图片和附件保存到 S3 兼容的对象存储（阿里云 OSS、腾讯云 COS、七牛等）。\nStores images and attachments in S3-compatible object storage.',
    toll: 0,
    device: 0,
    daily: 4,
  },
  {
    owner: STUDIO,
    kind: 'plugin',
    folder: 'points',
    name: '会员积分 Points',
    describe:
      '签到、观看和分享获得积分，积分可兑换会员天数。\nMembers earn points for check-ins, watching and sharing, and spend them on membership days.',
    toll: 0,
    device: 1,
    daily: 2,
  },
  {
    owner: STUDIO,
    kind: 'plugin',
    folder: 'payment',
    name: '聚合支付 Pay',
    describe:
      '支付宝、微信支付和 USDT 收款，用于会员充值与点播购买，含对账页面。\nAlipay, WeChat Pay and USDT for memberships and pay-per-view, with reconciliation.',
    toll: 1,
    device: 0,
    daily: 3,
  },
  {
    owner: DEV,
    kind: 'theme',
    folder: 'aurora',
    name: '极光 Aurora',
    describe:
      '深色影视模板，PC 与 H5 自适应，首页轮播、分类筛选和观看记录。\nA dark video theme for PC and H5 with a carousel, filters and watch history.',
    toll: 0,
    device: 0,
    versions: ['1.0.0', '1.0.1'],
    changelogs: {
      '1.0.1': '修复 H5 首页轮播在窄屏上的裁切。\nFixed the H5 carousel being cut off on narrow screens.',
    },
    daily: 6,
  },
  {
    owner: DEV,
    kind: 'theme',
    folder: 'breeze',
    zippedFolder: true,
    name: '清风 Breeze',
    describe: '简洁明亮的影视模板，适合小说与短剧站。\nA light, clean video theme.',
    toll: 1,
    device: 0,
    end: 'review',
    daily: 0,
  },
  {
    owner: ADMIN,
    kind: 'theme',
    folder: 'classic',
    name: '经典 Classic',
    describe:
      '官方经典模板，兼容全部标签，适合作为二次开发的起点。\nThe official classic theme: every tag, a good base to build on.',
    toll: 0,
    device: 2,
    daily: 8,
  },
  {
    owner: STUDIO,
    kind: 'theme',
    folder: 'starry',
    name: '星空 Starry',
    describe:
      '沉浸式深色模板：大图海报、剧集选集、弹幕区和会员中心。\nAn immersive dark theme: large posters, episode pickers, comments and a member area.',
    toll: 1,
    device: 0,
    daily: 4,
  },
  {
    owner: STUDIO,
    kind: 'theme',
    folder: 'minimal',
    name: '简约 Minimal',
    describe:
      '轻量的移动端模板，首屏小于 100 KB，适合弱网环境。\nA lightweight mobile theme: under 100 KB on first load.',
    toll: 0,
    device: 1,
    daily: 2,
  },
];
