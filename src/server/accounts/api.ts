import 'server-only';
import type {
  userChangePassword,
  userForgotPassword,
  userInfo,
  userLinkLogin,
  userLogin,
  userLoginLink,
  userLogout,
  userRegister,
  userResendVerification,
  userResetPassword,
  userSessions,
  userSessionsRevoke,
  userVerifyEmail,
} from '@/contract/api/account';
import { AppError } from '../errors';
import { readCookie } from '../http/cookies';
import { Reply } from '../http/handler';
import type { Run } from '../http/serve';
import { clearSessionCookie, isHttps, sessionCookie } from '../http/session-cookie';
import { revokeSession } from '../identity/sessions';
import type { UserRow } from '../identity/user';
import { changePassword } from './change-password';
import { deviceCookie, deviceCookieName } from './known-device';
import { loginUser } from './login';
import { loginWithLink, requestLoginLink } from './login-link';
import { throttleLogin } from './login-throttle';
import { requestPasswordReset, resetPassword } from './password-reset';
import { presentUser } from './present';
import { presentSessions } from './present-sessions';
import { registerAccount } from './register';
import { sessionMeta } from './session-meta';
import { signOutSessions } from './sign-out';
import { pendingEmail } from './tokens';
import { updateProfile } from './users';
import { confirmEmailToken, resendVerification } from './verify-email';

/** The account area's operations (src/contract/api/account.ts), one function each. */

/** The session cookie and the known-device cookie (login-throttle.ts) of a new session. */
const signedIn = (request: Request, user: UserRow, token: string, expiresAt: Date, msg: string) => {
  const secure = isHttps(request);
  return new Reply({ token, user: presentUser(user) }, msg, {
    'set-cookie': [sessionCookie(token, expiresAt, secure), deviceCookie(user, secure)],
  });
};

export const login: Run<typeof userLogin> = async ({ input, ctx, request }) => {
  const device = readCookie(request.headers.get('cookie'), deviceCookieName());
  const { user, token, expiresAt } = await loginUser(input, {
    locale: ctx.locale,
    meta: sessionMeta(request, ctx),
    guard: (found) => throttleLogin({ email: input.email, ip: ctx.ip, device, user: found, now: ctx.now }),
  });
  return signedIn(request, user, token, expiresAt, 'api.loggedIn');
};

export const logout: Run<typeof userLogout> = async ({ ctx }) => {
  if (ctx.token) await revokeSession(ctx.token);
  return new Reply(null, 'api.loggedOut', { 'set-cookie': clearSessionCookie() });
};

/** The same answer whether or not the address is taken (register.ts): no session, a mail either way. */
export const register: Run<typeof userRegister> = async ({ input, ctx }) => {
  await registerAccount(input, { locale: ctx.locale, now: ctx.now });
  return new Reply(null, 'auth.api.registerSent');
};

/**
 * GET only reads: a link or an image on another site must not be able to change the profile, so a
 * GET asking to update is refused (a success that saved nothing would mislead).
 */
export const profile: Run<typeof userInfo> = async ({ input, user, ctx, request }) => {
  if (request.method === 'GET' && input.type === 'update')
    throw new AppError('method_not_allowed', 'api.methodNotAllowed', { allow: 'POST' });
  if (request.method === 'GET' || input.type === 'info')
    return { ...presentUser(user), pending_email: await pendingEmail(user.id) };
  const { type: _type, ...changes } = input;
  const saved = await updateProfile(user.id, changes, ctx.now, ctx.token);
  const info = { ...presentUser(saved.user), pending_email: await pendingEmail(user.id) };
  // A new login email waits for the link mailed to it: the message says so.
  return new Reply(info, saved.pendingEmail ? 'auth.api.emailChangeSent' : 'api.modified');
};

export const verifyEmail: Run<typeof userVerifyEmail> = async ({ input, ctx }) => {
  const { purpose, user, secured } = await confirmEmailToken({
    token: input.code,
    now: ctx.now,
    sessionToken: ctx.token,
  });
  const info = { purpose, user: presentUser(user) };
  if (secured) return new Reply(info, 'auth.api.adminAddressSecured');
  return new Reply(info, purpose === 'change' ? 'auth.api.emailChanged' : 'auth.api.emailVerified');
};

export const resendVerificationMail: Run<typeof userResendVerification> = async ({ user, ctx }) =>
  new Reply(await resendVerification(user, ctx.now), 'auth.api.verificationSent');

export const forgotPassword: Run<typeof userForgotPassword> = async ({ input, ctx }) => {
  await requestPasswordReset(input.email, ctx.now);
  return new Reply(null, 'auth.api.resetSent');
};

/** A locked-out owner's way in (login-link.ts): the answer does not say whether the account exists. */
export const mailLoginLink: Run<typeof userLoginLink> = async ({ input, ctx }) => {
  await requestLoginLink(input.email, ctx.now);
  return new Reply(null, 'auth.api.loginLinkSent');
};

/** The mailed link signs in and makes this device a known device of the account. */
export const loginByLink: Run<typeof userLinkLogin> = async ({ input, ctx, request }) => {
  const { user, token, expiresAt } = await loginWithLink({
    token: input.code,
    now: ctx.now,
    meta: sessionMeta(request, ctx),
  });
  return signedIn(request, user, token, expiresAt, 'api.loggedIn');
};

export const resetWithLink: Run<typeof userResetPassword> = async ({ input, ctx }) => {
  const user = await resetPassword({
    token: input.code,
    password: input.password,
    sessionToken: ctx.token,
    now: ctx.now,
  });
  return new Reply({ email: user.email }, 'auth.api.passwordReset');
};

export const changeOwnPassword: Run<typeof userChangePassword> = async ({ input, user, ctx }) => {
  const result = await changePassword({ user, ...input, sessionToken: ctx.token, now: ctx.now });
  return new Reply(result, 'auth.api.passwordChanged');
};

export const sessions: Run<typeof userSessions> = async ({ user, ctx }) => ({
  list: await presentSessions(user.id, ctx.token),
});

/** Signing out this browser clears its cookie. */
export const revokeSessions: Run<typeof userSessionsRevoke> = async ({ input, user, ctx }) => {
  const result = await signOutSessions({ userId: user.id, target: input, currentToken: ctx.token });
  const headers: Record<string, string> = result.self ? { 'set-cookie': clearSessionCookie() } : {};
  return new Reply(result, 'auth.api.signedOut', headers);
};
