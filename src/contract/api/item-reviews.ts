import { z } from 'zod';
import {
  REVIEW_REPLY_LIMIT,
  REVIEW_REPORT_LIMIT,
  REVIEW_SAVE_LIMIT,
  reviewListSchema,
  reviewModerateSchema,
  reviewModerationListSchema,
  reviewModerationPageSchema,
  reviewPageSchema,
  reviewReplySchema,
  reviewReportSchema,
  reviewSavedSchema,
  reviewSaveSchema,
} from '../item-reviews';
import { operation, type RateLimit } from './operation';

/**
 * Ratings and reviews of released items: visitors read them, users who downloaded an item write one,
 * its developer answers, anyone reports, administrators hide. The CMS calls none of these.
 */
const area = 'market';

const savesPerUser: RateLimit = { name: 'review-save', per: ['user'], ...REVIEW_SAVE_LIMIT };
/** Several accounts on one machine do not write more than one account could. */
const savesPerIp: RateLimit = { name: 'review-save-ip', per: ['ip'], ...REVIEW_SAVE_LIMIT };
const repliesPerUser: RateLimit = { name: 'review-reply', per: ['user'], ...REVIEW_REPLY_LIMIT };
const reportsPerIp: RateLimit = { name: 'review-report', per: ['ip'], ...REVIEW_REPORT_LIMIT };

export const itemReviewList = operation({
  id: 'itemReviewList',
  path: '/api/market/reviews',
  methods: ['GET', 'POST'],
  caller: 'anonymous',
  // A logged-in caller also gets their own review and whether they may write one.
  session: 'optional',
  area,
  summary: {
    'zh-cn': '条目的评分和评价：平均分、人数、可见的评价及开发者回复',
    'zh-tw': '條目的評分和評價：平均分、人數、可見的評價及開發者回覆',
    'en-us': 'An item’s rating and reviews: the average, how many, the visible reviews and answers',
  },
  input: reviewListSchema,
  output: reviewPageSchema,
});

export const itemReviewSave = operation({
  id: 'itemReviewSave',
  path: '/api/market/review_save',
  methods: ['POST'],
  caller: 'user',
  area,
  summary: {
    'zh-cn': '为下载过的条目评分（1–5）并写评价；再次提交即修改',
    'zh-tw': '為下載過的條目評分（1–5）並寫評價；再次提交即修改',
    'en-us': 'Rates (1–5) and reviews an item you downloaded; sending again edits it',
  },
  input: reviewSaveSchema,
  output: reviewSavedSchema,
  rateLimits: [savesPerUser, savesPerIp],
});

export const itemReviewReply = operation({
  id: 'itemReviewReply',
  path: '/api/market/review_reply',
  methods: ['POST'],
  caller: 'user',
  area,
  summary: {
    'zh-cn': '开发者公开回复自己条目的评价（留空则撤回）',
    'zh-tw': '開發者公開回覆自己條目的評價（留空則撤回）',
    'en-us': 'The developer’s public answer to a review of their item (empty takes it back)',
  },
  input: reviewReplySchema,
  output: z.object({ id: z.number() }),
  rateLimits: [repliesPerUser],
});

export const itemReviewReport = operation({
  id: 'itemReviewReport',
  path: '/api/market/review_report',
  methods: ['POST'],
  caller: 'anonymous',
  session: 'optional',
  area,
  summary: {
    'zh-cn': '举报一条评价（每人每条一次）',
    'zh-tw': '檢舉一則評價（每人每則一次）',
    'en-us': 'Reports a review (once per person and review)',
  },
  input: reviewReportSchema,
  output: z.object({ id: z.number() }),
  rateLimits: [reportsPerIp],
});

export const itemReviewModeration = operation({
  id: 'itemReviewModeration',
  path: '/api/review/item_reviews',
  methods: ['GET', 'POST'],
  caller: 'admin',
  area: 'review',
  summary: {
    'zh-cn': '被举报的评价或已隐藏的评价（管理员）',
    'zh-tw': '被檢舉的評價或已隱藏的評價（管理員）',
    'en-us': 'Reported reviews, or hidden ones (administrators)',
  },
  input: reviewModerationListSchema,
  output: reviewModerationPageSchema,
});

export const itemReviewModerate = operation({
  id: 'itemReviewModerate',
  path: '/api/review/item_review_hide',
  methods: ['POST'],
  caller: 'admin',
  area: 'review',
  summary: {
    'zh-cn': '隐藏评价（需填写原因）或恢复显示（管理员）',
    'zh-tw': '隱藏評價（需填寫原因）或恢復顯示（管理員）',
    'en-us': 'Hides a review (with a reason) or shows it again (administrators)',
  },
  input: reviewModerateSchema,
  output: z.object({ id: z.number(), hidden: z.boolean() }),
});

export const itemReviewOperations = [
  itemReviewList,
  itemReviewSave,
  itemReviewReply,
  itemReviewReport,
  itemReviewModeration,
  itemReviewModerate,
];
