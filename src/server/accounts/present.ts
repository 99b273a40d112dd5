import 'server-only';
import type { UserInfo } from '@/contract/user';
import { isAdmin, type UserRow } from '../identity/user';

/** The only shape of a user that leaves the server (never the password hash). */
export function presentUser(user: UserRow): UserInfo {
  return {
    user_id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    is_admin: isAdmin(user),
    site: user.site,
    qq: user.qq,
    wechat: user.wechat,
    create_time: Math.floor(user.createdAt.getTime() / 1000),
  };
}
