import { z } from 'zod';
import {
  appDetailSchema,
  appDownloadSchema,
  appListSchema,
  authCodeCheckSchema,
  authCodesSchema,
  developerCenterSchema,
  submittedSchema,
  uploadedSchema,
  versionStateSchema,
} from '../developer-output';
import {
  feedbackListSchema,
  feedbackPageSchema,
  feedbackReadOutputSchema,
  feedbackReadSchema,
} from '../feedback';
import {
  generateCodeSchema,
  howToBuyOutputSchema,
  howToBuySchema,
  licenceCodeSchema,
  licenceListOutputSchema,
  licenceListSchema,
  revokeCodeSchema,
} from '../licence';
import type { Locale } from '../locales';
import {
  AUTH_CODE_LIMIT,
  appAddSchema,
  auditListSchema,
  auditSchema,
  detailSchema,
  idSchema,
  type Kind,
  listSchema,
  UPLOAD_LIMIT,
  uploadSchema,
  verifyAuthCodeSchema,
} from '../market';
import { operation } from './operation';

type Summary = Record<Locale, string>;

/** The same six calls serve /api/developer_plugins/* and /api/developer_theme/*; only the kind differs. */
function kindOperations(kind: Kind) {
  const plugin = kind === 'plugin';
  const base = plugin ? '/api/developer_plugins' : '/api/developer_theme';
  const own = plugin ? 'plugins' : 'theme';
  const id = (name: string) => `${kind}${name}`;
  const what: Summary = plugin
    ? { 'zh-cn': '插件', 'zh-tw': '插件', 'en-us': 'plugin' }
    : { 'zh-cn': '模板', 'zh-tw': '模板', 'en-us': 'theme' };
  const say = (zhCn: string, zhTw: string, en: string): Summary => ({
    'zh-cn': zhCn.replace('#', what['zh-cn']),
    'zh-tw': zhTw.replace('#', what['zh-tw']),
    'en-us': en.replace('#', what['en-us']),
  });
  const common = { methods: ['POST'] as const, area: 'developer' };
  return {
    add: operation({
      ...common,
      id: id('Add'),
      path: `${base}/${own}_add`,
      caller: 'user',
      summary: say(
        '提交#：新作品、失败后重新提交或已发布作品的新版本，开始审核',
        '提交#：新作品、失敗後重新提交或已發佈作品的新版本，開始審核',
        'Submit a # (new, resubmitted after a failure, or a new version of a released one) for review',
      ),
      input: appAddSchema,
      output: submittedSchema,
    }),
    center: operation({
      ...common,
      id: id('Center'),
      path: `${base}/${own}_center`,
      caller: 'user',
      summary: say(
        '开发者自己的#列表，按最新版本的状态筛选',
        '開發者自己的#列表，按最新版本的狀態篩選',
        "The developer's own # list, filtered by the latest version's status",
      ),
      input: listSchema,
      output: appListSchema,
    }),
    detail: operation({
      ...common,
      id: id('Detail'),
      path: `${base}/${own}_detail`,
      caller: 'user',
      summary: say(
        '开发者自己的#详情：各版本、审核记录和校验报告',
        '開發者自己的#詳情：各版本、審核記錄和校驗報告',
        "One of the developer's own # items: versions, audit records and validation report",
      ),
      input: detailSchema,
      output: appDetailSchema,
    }),
    auditList: operation({
      ...common,
      id: id('AuditList'),
      path: `${base}/${own}_audit_list`,
      caller: 'admin',
      summary: say(
        '管理员审核的#列表，默认只列审核中的（按排队顺序，最早的在前）',
        '管理員審核的#列表，默認只列審核中的（按排隊順序，最早的在前）',
        'Every # for administrators to review; by default those under review, oldest first',
      ),
      input: auditListSchema,
      output: appListSchema,
    }),
    auditDetail: operation({
      ...common,
      id: id('AuditDetail'),
      path: `${base}/audit_detail`,
      caller: 'admin',
      summary: say(
        '管理员审核时看到的#详情和开发者资料',
        '管理員審核時看到的#詳情和開發者資料',
        'A # as the reviewer sees it, with the developer',
      ),
      input: detailSchema,
      output: appDetailSchema,
    }),
    doAudit: operation({
      ...common,
      id: id('DoAudit'),
      path: `${base}/do_audit`,
      caller: 'admin',
      summary: say(
        '审核#：通过（填写版本号）或失败（填写原因）',
        '審核#：通過（填寫版本號）或失敗（填寫原因）',
        'Approve a # (with its version number) or reject it (with the reason)',
      ),
      input: auditSchema,
      output: versionStateSchema,
    }),
  };
}

export const pluginOps = kindOperations('plugin');
export const themeOps = kindOperations('theme');
/** A kind's six operations, for pages that serve both kinds. */
export const kindOps = (kind: Kind) => (kind === 'plugin' ? pluginOps : themeOps);

const user = { methods: ['POST'] as const, caller: 'user' as const, area: 'developer' };

export const developerCenter = operation({
  ...user,
  id: 'developerCenter',
  path: '/api/developer/center',
  summary: {
    'zh-cn': '开发者中心概览：作品数量、下载统计、审核队列、通知和问题反馈',
    'zh-tw': '開發者中心概覽：作品數量、下載統計、審核隊列、通知和問題反饋',
    'en-us': "The developer centre's overview: items, downloads, review queue, notices and feedback",
  },
  input: z.object({}),
  output: developerCenterSchema,
});

export const developerSetPublish = operation({
  ...user,
  id: 'developerSetPublish',
  path: '/api/developer/set_publish',
  summary: {
    'zh-cn': '发布审核通过的版本，替换公开的版本',
    'zh-tw': '發佈審核通過的版本，替換公開的版本',
    'en-us': 'Release an approved version in place of the public one',
  },
  input: idSchema,
  output: versionStateSchema,
});

export const developerUpload = operation({
  ...user,
  id: 'developerUpload',
  path: '/api/developer/upload',
  summary: {
    'zh-cn': '上传一个文件（安装包或图片，multipart），安装包附带校验报告和其 info.ini 的内容',
    'zh-tw': '上傳一個文件（安裝包或圖片，multipart），安裝包附帶校驗報告和其 info.ini 的內容',
    'en-us':
      'Upload one file (a package or an image, multipart); a package comes with its report and what its info.ini says',
  },
  input: uploadSchema,
  output: uploadedSchema,
  rateLimits: [UPLOAD_LIMIT],
});

export const developerAppDownload = operation({
  ...user,
  id: 'developerAppDownload',
  path: '/api/developer/app_download',
  summary: {
    'zh-cn': '下载最新提交的安装包（开发者或审核员）',
    'zh-tw': '下載最新提交的安裝包（開發者或審核員）',
    'en-us': 'Download the latest submitted package (its developer or a reviewer)',
  },
  input: idSchema,
  output: appDownloadSchema,
});

export const developerGetAuthCode = operation({
  ...user,
  id: 'developerGetAuthCode',
  path: '/api/developer/get_auth_code',
  summary: {
    'zh-cn': '为收费作品生成一个新的授权码（可限站点数、有效期至某日）',
    'zh-tw': '為收費作品生成一個新的授權碼（可限站點數、有效期至某日）',
    'en-us': 'Generate a new licence code for a paid item (optionally limited in sites and time)',
  },
  input: generateCodeSchema,
  output: authCodesSchema,
  rateLimits: [AUTH_CODE_LIMIT],
});

export const developerAuthCodes = operation({
  ...user,
  methods: ['GET', 'POST'],
  id: 'developerAuthCodes',
  path: '/api/developer/auth_codes',
  summary: {
    'zh-cn': '作品已发放的授权码：限制、使用次数、使用过的站点和状态（开发者或管理员）',
    'zh-tw': '作品已發放的授權碼：限制、使用次數、使用過的站點和狀態（開發者或管理員）',
    'en-us':
      "An item's issued licence codes: limits, uses, redeeming sites and status (its developer or an admin)",
  },
  input: licenceListSchema,
  output: licenceListOutputSchema,
});

export const developerRevokeAuthCode = operation({
  ...user,
  id: 'developerRevokeAuthCode',
  path: '/api/developer/revoke_auth_code',
  summary: {
    'zh-cn': '作废一个授权码：站点再校验时失败',
    'zh-tw': '作廢一個授權碼：站點再校驗時失敗',
    'en-us': 'Revoke a licence code: the next check by any site fails',
  },
  input: revokeCodeSchema,
  output: licenceCodeSchema,
});

export const developerHowToBuy = operation({
  ...user,
  id: 'developerHowToBuy',
  path: '/api/developer/how_to_buy',
  summary: {
    'zh-cn': '设置收费作品公开页上的“购买方式”说明（纯文本）',
    'zh-tw': '設定收費作品公開頁上的「購買方式」說明（純文字）',
    'en-us': 'Set the "how to buy" note on a paid item\'s public page (plain text)',
  },
  input: howToBuySchema,
  output: howToBuyOutputSchema,
});

export const developerVerifyAuthCode = operation({
  ...user,
  id: 'developerVerifyAuthCode',
  path: '/api/developer/verify_auth_code',
  summary: {
    'zh-cn': '检查自己作品的授权码（不计为一次使用）',
    'zh-tw': '檢查自己作品的授權碼（不計為一次使用）',
    'en-us': "Check a licence code of one's own item (not counted as a use)",
  },
  input: verifyAuthCodeSchema,
  output: authCodeCheckSchema,
});

export const developerFeedbackList = operation({
  ...user,
  id: 'developerFeedbackList',
  path: '/api/developer/feedback_list',
  summary: {
    'zh-cn': '自己作品收到的问题反馈（管理员可用 all=1 查看全部）',
    'zh-tw': '自己作品收到的問題反饋（管理員可用 all=1 查看全部）',
    'en-us': "Problem feedback on one's items (administrators may ask all=1)",
  },
  input: feedbackListSchema,
  output: feedbackPageSchema,
});

export const developerFeedbackRead = operation({
  ...user,
  id: 'developerFeedbackRead',
  path: '/api/developer/feedback_read',
  summary: {
    'zh-cn': '将一条问题反馈（或 all=1 全部）标为已读',
    'zh-tw': '將一條問題反饋（或 all=1 全部）標為已讀',
    'en-us': 'Mark one feedback report (or all=1, every one) as read',
  },
  input: feedbackReadSchema,
  output: feedbackReadOutputSchema,
});

export const developerFile = operation({
  id: 'developerFile',
  path: '/api/developer/file/{key}',
  methods: ['GET'],
  caller: 'anonymous',
  session: 'optional',
  area: 'developer',
  summary: {
    'zh-cn': '市场的图片（公开）和安装包（已发布的免费版本公开，其余仅开发者和管理员）',
    'zh-tw': '市場的圖片（公開）和安裝包（已發佈的免費版本公開，其餘僅開發者和管理員）',
    'en-us': "The market's images (public) and packages (public once released free, else owner and admins)",
  },
  input: z.object({}),
  output: z.never(),
  raw: {
    contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/zip'],
    description: 'The stored file by its key (`market/img/…` or `market/pkg/…/<folder>.zip`); 404 otherwise.',
  },
});

export const developerFeedbackMedia = operation({
  id: 'developerFeedbackMedia',
  path: '/api/developer/feedback_media/{id}/{name}',
  methods: ['GET'],
  caller: 'user',
  area: 'developer',
  summary: {
    'zh-cn': '问题反馈的截图或视频，仅作品的开发者和管理员可看（支持 Range）',
    'zh-tw': '問題反饋的截圖或視頻，僅作品的開發者和管理員可看（支持 Range）',
    'en-us': "A feedback report's screenshot or video, for the item's developer and admins (Range supported)",
  },
  input: z.object({}),
  output: z.never(),
  raw: {
    contentTypes: ['image/png', 'image/jpeg', 'video/mp4', 'video/x-msvideo', 'video/mpeg'],
    description: 'The file (206 for a byte range); plain-text 401, 403, 404 or 416 otherwise.',
  },
});

export const developerOperations = [
  ...Object.values(pluginOps),
  ...Object.values(themeOps),
  developerCenter,
  developerSetPublish,
  developerUpload,
  developerAppDownload,
  developerGetAuthCode,
  developerAuthCodes,
  developerRevokeAuthCode,
  developerHowToBuy,
  developerVerifyAuthCode,
  developerFeedbackList,
  developerFeedbackRead,
  developerFile,
  developerFeedbackMedia,
];
