import { z } from 'zod';
import {
  ACCOUNT_LIMITS,
  changePasswordSchema,
  forgotSchema,
  mailPreferencesSchema,
  mailPreferencesViewSchema,
  outboxActionSchema,
  outboxInfoSchema,
  PASSWORD_GUESSES,
  resetSchema,
  revokeSessionSchema,
  sessionInfoSchema,
  tokenSchema,
  unsubscribeSchema,
  watchKeySchema,
  watchSchema,
} from '../account';
import { RATE_LIMITS } from '../limits';
import { loginSchema, registerSchema, userInfoSchema, userViewSchema } from '../user';
import { operation, type RateLimit } from './operation';

const area = 'user';

/** Posting mailed link secrets (verify, reset, login, watch) from one address: one counter for all. */
const linkPerIp: RateLimit = { name: 'link', per: ['ip'], ...ACCOUNT_LIMITS.linkPerIp };

/** Logging in answers the session token (the cookie carries it too) and the account. */
const signedIn = z.object({ token: z.string(), user: userViewSchema });

export const userLogin = operation({
  id: 'userLogin',
  path: '/api/user/login',
  methods: ['POST'],
  caller: 'anonymous',
  area,
  summary: {
    'zh-cn': '用邮箱和密码登录，设置会话 Cookie',
    'zh-tw': '用郵箱和密碼登入，設定會話 Cookie',
    'en-us': 'Log in with email and password; sets the session cookie',
  },
  input: loginSchema,
  output: signedIn,
  // No declared limit: the login throttle (src/server/accounts/login-throttle.ts) spares a device
  // that logged in to the account before, which only the service can tell once it found the account.
});

export const userLogout = operation({
  id: 'userLogout',
  path: '/api/user/logout',
  methods: ['POST'],
  caller: 'anonymous',
  area,
  summary: {
    'zh-cn': '退出登录，结束当前会话',
    'zh-tw': '登出，結束目前的會話',
    'en-us': 'Log out: ends the current session',
  },
  input: z.object({}),
  output: z.null(),
});

export const userRegister = operation({
  id: 'userRegister',
  path: '/api/user/register',
  methods: ['POST'],
  caller: 'anonymous',
  area,
  summary: {
    'zh-cn': '注册账号：向邮箱发送验证链接，之后用密码登录（邮箱已注册时回答相同，改为通知邮箱的主人）',
    'zh-tw': '註冊帳號：向郵箱發送驗證連結，之後用密碼登入（郵箱已註冊時回答相同，改為通知郵箱的主人）',
    'en-us':
      'Create an account: mails a verification link, then log in with the password (the same answer when the address is taken; its owner is told instead)',
  },
  input: registerSchema,
  output: z.null(),
  rateLimits: [{ name: 'register', per: ['ip'], ...RATE_LIMITS.registerPerIp }],
});

// `type` defaults to info, so a bare call (and every GET) reads the profile.
const userInfoInput = z.preprocess(
  (v) => (v && typeof v === 'object' && !('type' in v) ? { ...v, type: 'info' } : v),
  userInfoSchema,
);

export const userInfo = operation({
  id: 'userInfo',
  path: '/api/user/user_info',
  methods: ['GET', 'POST'],
  caller: 'user',
  area,
  summary: {
    'zh-cn': '读取当前账号和开发者资料；POST type=update 保存资料',
    'zh-tw': '讀取目前帳號和開發者資料；POST type=update 儲存資料',
    'en-us': "Read the caller's account and developer profile; POST type=update saves it",
  },
  input: userInfoInput,
  output: userViewSchema,
});

export const userVerifyEmail = operation({
  id: 'userVerifyEmail',
  path: '/api/user/verify_email',
  methods: ['POST'],
  caller: 'anonymous',
  area,
  summary: {
    'zh-cn': '确认验证邮件或更换邮箱邮件中的链接',
    'zh-tw': '確認驗證郵件或更換郵箱郵件中的連結',
    'en-us': 'Confirm the link of a verification or email-change mail',
  },
  input: tokenSchema,
  output: z.object({ purpose: z.enum(['verify', 'change']), user: userViewSchema }),
  rateLimits: [linkPerIp],
});

export const userResendVerification = operation({
  id: 'userResendVerification',
  path: '/api/user/resend_verification',
  methods: ['POST'],
  caller: 'user',
  area,
  summary: {
    'zh-cn': '重新发送邮箱验证链接',
    'zh-tw': '重新發送郵箱驗證連結',
    'en-us': 'Send the email verification link again',
  },
  input: z.object({}),
  output: z.object({ email: z.string() }),
  rateLimits: [
    { name: 'verify-resend', per: ['ip'], ...ACCOUNT_LIMITS.resendPerIp },
    { name: 'verify-resend', per: ['user'], ...ACCOUNT_LIMITS.resendPerAccount },
  ],
});

export const userForgotPassword = operation({
  id: 'userForgotPassword',
  path: '/api/user/forgot_password',
  methods: ['POST'],
  caller: 'anonymous',
  area,
  summary: {
    'zh-cn': '忘记密码：向邮箱发送重置链接（无论账号是否存在，回答相同）',
    'zh-tw': '忘記密碼：向郵箱發送重設連結（無論帳號是否存在，回答相同）',
    'en-us': 'Forgot password: mails a reset link (the same answer whether or not the account exists)',
  },
  input: forgotSchema,
  output: z.null(),
  // The per-address limit stays in requestPasswordReset: past it the answer must not change.
  rateLimits: [{ name: 'forgot', per: ['ip'], ...ACCOUNT_LIMITS.forgotPerIp }],
});

export const userLoginLink = operation({
  id: 'userLoginLink',
  path: '/api/user/login_link',
  methods: ['POST'],
  caller: 'anonymous',
  area,
  summary: {
    'zh-cn': '向邮箱发送一次性登录链接（1 小时有效；无论账号是否存在，回答相同）',
    'zh-tw': '向郵箱發送一次性登入連結（1 小時有效；無論帳號是否存在，回答相同）',
    'en-us': 'Mails a one-time login link, valid 1 hour (the same answer whether or not the account exists)',
  },
  input: forgotSchema,
  output: z.null(),
  // The per-address limit stays in requestLoginLink: past it the answer must not change.
  rateLimits: [{ name: 'login-link', per: ['ip'], ...ACCOUNT_LIMITS.loginLinkPerIp }],
});

export const userLinkLogin = operation({
  id: 'userLinkLogin',
  path: '/api/user/link_login',
  methods: ['POST'],
  caller: 'anonymous',
  area,
  summary: {
    'zh-cn': '用邮件中的一次性登录链接登录（不受密码尝试限制），设置会话 Cookie',
    'zh-tw': '用郵件中的一次性登入連結登入（不受密碼嘗試限制），設定會話 Cookie',
    'en-us':
      'Log in with the one-time link of a login mail (password guesses cannot hold it); sets the session cookie',
  },
  input: tokenSchema,
  output: signedIn,
  rateLimits: [linkPerIp],
});

export const userResetPassword = operation({
  id: 'userResetPassword',
  path: '/api/user/reset_password',
  methods: ['POST'],
  caller: 'anonymous',
  area,
  summary: {
    'zh-cn': '用邮件中的链接设置新密码，结束其他会话',
    'zh-tw': '用郵件中的連結設定新密碼，結束其他會話',
    'en-us': 'Set a new password with a mailed link; ends the other sessions',
  },
  input: resetSchema,
  output: z.object({ email: z.string() }),
  rateLimits: [linkPerIp],
});

export const userChangePassword = operation({
  id: 'userChangePassword',
  path: '/api/user/change_password',
  methods: ['POST'],
  caller: 'user',
  area,
  summary: {
    'zh-cn': '修改密码（需要当前密码），结束其他会话',
    'zh-tw': '修改密碼（需要目前的密碼），結束其他會話',
    'en-us': 'Change the password (the current one is required); ends the other sessions',
  },
  input: changePasswordSchema,
  output: z.object({ sessions_ended: z.number().int() }),
  rateLimits: [PASSWORD_GUESSES],
});

export const userSessions = operation({
  id: 'userSessions',
  path: '/api/user/sessions',
  methods: ['POST'],
  caller: 'user',
  area,
  summary: {
    'zh-cn': '当前账号的登录会话：设备、地址、最近活动',
    'zh-tw': '目前帳號的登入會話：裝置、位址、最近活動',
    'en-us': "The caller's sessions: device, address, last seen",
  },
  input: z.object({}),
  output: z.object({ list: z.array(sessionInfoSchema) }),
});

export const userSessionsRevoke = operation({
  id: 'userSessionsRevoke',
  path: '/api/user/sessions_revoke',
  methods: ['POST'],
  caller: 'user',
  area,
  summary: {
    'zh-cn': '退出一个会话（id）或其他所有会话（all=1）',
    'zh-tw': '登出一個會話（id）或其他所有會話（all=1）',
    'en-us': 'Sign out one session (id) or all the others (all=1)',
  },
  input: revokeSessionSchema,
  output: z.object({ ended: z.number().int(), self: z.boolean() }),
});

export const userMailPreferences = operation({
  id: 'userMailPreferences',
  path: '/api/user/mail_preferences',
  methods: ['POST'],
  caller: 'anonymous',
  session: 'optional',
  area,
  summary: {
    'zh-cn': '读取或设置通知邮件开关（登录后，或凭退订链接的 key）',
    'zh-tw': '讀取或設定通知郵件開關（登入後，或憑退訂連結的 key）',
    'en-us': 'Read or set the notification mail switches (by session or an unsubscribe link key)',
  },
  input: mailPreferencesSchema,
  output: mailPreferencesViewSchema,
});

export const userMailUnsubscribe = operation({
  id: 'userMailUnsubscribe',
  path: '/api/user/mail_unsubscribe',
  methods: ['POST'],
  caller: 'anonymous',
  area,
  summary: {
    'zh-cn': '一键退订（RFC 8058）：邮件客户端向邮件的 List-Unsubscribe 地址 POST',
    'zh-tw': '一鍵退訂（RFC 8058）：郵件客戶端向郵件的 List-Unsubscribe 位址 POST',
    'en-us': "One-click unsubscribe (RFC 8058): mail clients POST to a mail's List-Unsubscribe address",
  },
  input: unsubscribeSchema,
  output: z.null(),
});

export const userMailOutbox = operation({
  id: 'userMailOutbox',
  path: '/api/user/mail_outbox',
  methods: ['POST'],
  caller: 'admin',
  area,
  summary: {
    'zh-cn': '管理员：邮件队列（等待和失败的邮件）及重新发送',
    'zh-tw': '管理員：郵件佇列（等待和失敗的郵件）及重新發送',
    'en-us': 'Administrators: the mail queue (waiting and failed mail) and "send again"',
  },
  input: outboxActionSchema,
  output: outboxInfoSchema,
});

export const userDomainWatch = operation({
  id: 'userDomainWatch',
  path: '/api/user/domain_watch',
  methods: ['POST'],
  caller: 'anonymous',
  session: 'optional',
  area,
  summary: {
    'zh-cn': '关注域名：被检测到挂马或恢复时发邮件（需邮箱确认）',
    'zh-tw': '關注網域：被偵測到掛馬或恢復時發郵件（需郵箱確認）',
    'en-us': 'Watch a domain: mail when it is found injected or repaired (the address confirms first)',
  },
  input: watchSchema,
  output: z.object({ domain: z.string(), confirmed: z.boolean() }),
  rateLimits: [
    { name: 'watch', per: ['ip'], ...ACCOUNT_LIMITS.watchPerIp },
    { name: 'watch', per: ['input.email'], ...ACCOUNT_LIMITS.watchPerAddress },
  ],
});

export const userDomainWatchKey = operation({
  id: 'userDomainWatchKey',
  path: '/api/user/domain_watch_key',
  methods: ['POST'],
  caller: 'anonymous',
  area,
  summary: {
    'zh-cn': '域名关注邮件中的链接：确认关注或取消',
    'zh-tw': '網域關注郵件中的連結：確認關注或取消',
    'en-us': 'The links of domain-watch mails: confirm the watch or stop it',
  },
  input: watchKeySchema,
  output: z.object({ domain: z.string(), watching: z.boolean() }),
  rateLimits: [linkPerIp],
});

export const accountOperations = [
  userLogin,
  userLogout,
  userRegister,
  userInfo,
  userVerifyEmail,
  userResendVerification,
  userForgotPassword,
  userLoginLink,
  userLinkLogin,
  userResetPassword,
  userChangePassword,
  userSessions,
  userSessionsRevoke,
  userMailPreferences,
  userMailUnsubscribe,
  userMailOutbox,
  userDomainWatch,
  userDomainWatchKey,
];
