import 'server-only';
import { env } from '../config/env';
import { presentUser } from './present';
import { findSessionUser } from './sessions';

type CookieJar = { get(name: string): { value: string } | undefined };

/**
 * The user behind a page request's session cookie for the shell: null without a session, undefined
 * when the database cannot say now (the browser then asks `user_info` itself).
 */
export async function sessionUser(jar: CookieJar) {
  const token = jar.get(env().PRODUCT)?.value;
  if (!token) return null;
  try {
    const row = await findSessionUser(token);
    return row ? presentUser(row) : null;
  } catch {
    return undefined;
  }
}
