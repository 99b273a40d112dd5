import 'server-only';

/**
 * A station's answer in the collection format (provide/vod, ac=videolist), bundled so a fresh
 * install without network shows real entries. Imported through the collector's own import path.
 */
const ENTRIES: [string, string, string, string, string][] = [
  // name, remote category, remarks, year, area
  ['星河漫游者', '科幻片', 'HD', '2025', '大陆'],
  ['长夜将明', '剧情片', 'HD国语', '2024', '大陆'],
  ['追风少年', '动作片', '1080P', '2025', '香港'],
  ['海港夜话', '爱情片', 'HD', '2023', '台湾'],
  ['雾都谜案', '悬疑片', '蓝光', '2024', '大陆'],
  ['山河故人行', '国产剧', '更新至24集', '2025', '大陆'],
  ['江湖小酒馆', '国产剧', '全36集', '2024', '大陆'],
  ['东京便利店', '日韩剧', '更新至8集', '2025', '日本'],
  ['首尔夜航', '日韩剧', '全16集', '2024', '韩国'],
  ['硅谷风云', '欧美剧', '第二季全10集', '2023', '美国'],
  ['周末大冒险', '大陆综艺', '20251115期', '2025', '大陆'],
  ['声音的旅行', '大陆综艺', '20251108期', '2025', '大陆'],
  ['机甲少女', '日本动漫', '更新至12集', '2025', '日本'],
  ['云端小镇', '国产动漫', '更新至40集', '2025', '大陆'],
  ['森林里的朋友', '动画片', 'HD', '2024', '美国'],
  ['重生之逆袭千金', '短剧', '全80集', '2025', '大陆'],
  ['闪婚总裁', '短剧', '全100集', '2025', '大陆'],
  ['深海之下', '纪录片', '全6集', '2024', '英国'],
  ['舌尖上的小城', '纪录片', '全8集', '2023', '大陆'],
  ['城市篮球联赛决赛', '体育赛事', '完整版', '2025', '大陆'],
  ['足球周刊', '体育赛事', '第45期', '2025', '大陆'],
  ['归途', '剧情片', 'HD', '2022', '大陆'],
  ['极速追击', '动作片', 'TC', '2025', '美国'],
  ['月光下的约定', '爱情片', 'HD中字', '2024', '韩国'],
];

const episodes = (id: number, remarks: string) => {
  const n = Math.min(Number(/(\d+)集/.exec(remarks)?.[1] ?? 1), 6);
  const list = Array.from(
    { length: n },
    (_, i) =>
      `第${String(i + 1).padStart(2, '0')}集$https://demo-cdn.example.com/v/${id}/${i + 1}/index.m3u8`,
  );
  return list.join('#');
};

export const DEMO_STATION = {
  name: '官方演示资源站',
  // A code every stock CMS already plays (DPlayer plays m3u8): collected videos keep their play URLs.
  playerCode: 'dplayer',
  apiUrl: 'https://demo-resource.example.com/api.php/provide/vod',
  siteUrl: 'https://demo-resource.example.com',
  description: '随安装包附带的演示资源站，展示采集、分类映射和 provide/vod 输出。片名与地址均为示例数据。',
};

export const DEMO_COLLECTION = JSON.stringify({
  code: 1,
  msg: '数据列表',
  page: 1,
  pagecount: 1,
  limit: '50',
  total: ENTRIES.length,
  list: ENTRIES.map(([name, type, remarks, year, area], i) => ({
    vod_id: 9001 + i,
    type_id: 100 + i,
    type_name: type,
    vod_name: name,
    vod_en: '',
    vod_time: '2025-11-20 12:00:00',
    vod_remarks: remarks,
    vod_pic: `https://demo-cdn.example.com/pic/${9001 + i}.jpg`,
    vod_actor: '演员甲,演员乙',
    vod_director: '导演丙',
    vod_area: area,
    vod_lang: area === '大陆' ? '国语' : '原声',
    vod_year: year,
    vod_content: `${name}：演示数据，用于展示资源库。`,
    vod_play_from: DEMO_STATION.playerCode,
    vod_play_url: episodes(9001 + i, remarks),
  })),
});
