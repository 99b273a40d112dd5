import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { verifyEmail } from './outbox';
import { open, signUp } from './support';

// The portal must be allowed to fetch 127.0.0.1 (FETCH_ALLOW_PRIVATE=true on the e2e server).
const token = Math.random().toString(36).slice(2, 8);
const videos = [
  { vod_id: 1, type_id: 6, type_name: '动作片', vod_name: `E2E 动作片 ${token}` },
  { vod_id: 2, type_id: 13, type_name: '国产剧', vod_name: `E2E 国产剧 ${token}` },
  { vod_id: 3, type_id: 6, type_name: '动作片', vod_name: `<script>alert(1)</script>E2E 第三部 ${token}` },
];

let server: http.Server;
let stationUrl = '';
test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const pg = Number(url.searchParams.get('pg') ?? 1);
    const list = pg === 1 ? videos.slice(0, 2) : videos.slice(2);
    const detail = url.searchParams.get('ac') === 'videolist';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        code: 1,
        page: pg,
        pagecount: 2,
        limit: '2',
        total: videos.length,
        list: list.map((v) => ({
          ...v,
          vod_play_from: 'm3u8',
          ...(detail ? { vod_play_url: `HD$https://v.example.com/${v.vod_id}.m3u8` } : {}),
        })),
        ...(detail
          ? {}
          : {
              class: [
                { type_id: 6, type_name: '动作片' },
                { type_id: 13, type_name: '国产剧' },
              ],
            }),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stationUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api.php/provide/vod`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('a developer registers a station, an administrator approves it, its videos are collected and served', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const stationName = `E2E 资源站 ${token}`;

  // Developer: add the station in two steps, with the probe.
  const dev = await browser.newContext({ locale: 'zh-CN' });
  const devPage = await dev.newPage();
  const email = `e2e-res-${Date.now()}-${token}@example.com`;
  await signUp(devPage.request, { email, password: 'secret123' });
  await verifyEmail(devPage, email); // registering a station needs a verified address
  await open(devPage, '/market/resource/add');
  await devPage.getByLabel('分类').click();
  await devPage.getByTitle('电影').click();
  await devPage.getByLabel('资源站名称').fill(stationName);
  await devPage.getByLabel('播放器编码').fill('e2em3u8');
  await devPage.getByLabel('资源站地址').fill(stationUrl);
  await devPage.getByRole('button', { name: '检测地址' }).click();
  await expect(devPage.getByText('检测通过：JSON 格式，3 个视频，2 个分类')).toBeVisible();
  await devPage.getByLabel('资源站官网地址').fill('https://e2e.example.com');
  await devPage.getByLabel('m3u8 直链').check();
  await devPage.getByLabel('描述').fill('端到端测试用的资源站');
  await devPage.getByRole('button', { name: '下一步' }).click();
  await expect(devPage.getByText(stationUrl)).toBeVisible();
  await devPage.getByRole('button', { name: '提交审核' }).click();
  await expect(
    devPage.getByText('审核大约需要 1-3 个工作日，审核通过后平台会自动采集该资源站。'),
  ).toBeVisible();
  await devPage.getByRole('link', { name: '查看我的资源' }).click();
  const devRow = devPage.getByRole('row', { name: new RegExp(stationName) });
  await expect(devRow.getByText('审核中')).toBeVisible();
  // The row opens to the whole entry: its description and support, which no column shows here.
  await devRow.getByRole('button', { name: /展开行|Expand row/ }).click();
  await expect(devPage.getByText('端到端测试用的资源站')).toBeVisible();
  await expect(devPage.getByText('m3u8 直链')).toBeVisible();

  // Administrator: approve it.
  const admin = await browser.newContext({ locale: 'zh-CN' });
  const adminPage = await admin.newPage();
  const login = await adminPage.request.post('/api/user/login', {
    data: { email: 'admin@example.com', password: 'admin12345' },
  });
  expect(login.ok()).toBe(true);
  await open(adminPage, '/market/resource');
  const adminRow = adminPage.getByRole('row', { name: new RegExp(stationName) });
  await adminRow.getByRole('button', { name: '通过 / 驳回' }).click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByLabel('备注').fill('线路稳定');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(adminPage.getByText('审核完成')).toBeVisible();

  // The collector runs soon after approval (the scheduler ticks every 30 s).
  await expect
    .poll(
      async () => {
        const res = await adminPage.request.get(
          `/resource-api/provide/vod?ac=detail&wd=${encodeURIComponent(token)}`,
        );
        return (await res.json()).total;
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(3);
  const detail = await (
    await adminPage.request.get(`/resource-api/provide/vod?ac=detail&wd=${token}&at=xml`)
  ).text();
  expect(detail).toContain('<rss version="5.1">');
  expect(detail).not.toContain('<script>');

  // The public page shows the videos, copies a collection address and lists the station.
  await dev.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(devPage, `/resource?wd=${token}`);
  const row = devPage.getByRole('row', { name: new RegExp(`E2E 国产剧 ${token}`) });
  await expect(row.getByRole('cell', { name: '电视剧' })).toBeVisible();
  await expect(devPage.getByText(`E2E 第三部 ${token}`)).toBeVisible();
  await row.getByRole('button', { name: '获取地址' }).click();
  await expect(devPage.getByText('复制成功')).toBeVisible();
  await expect(devPage.getByRole('heading', { name: stationName })).toBeVisible();
  await open(devPage, '/market/resource');
  await expect(
    devPage.getByRole('row', { name: new RegExp(stationName) }).getByText('审核成功'),
  ).toBeVisible();
  await dev.close();
  await admin.close();
});
