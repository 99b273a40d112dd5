import 'server-only';
import { cookies } from 'next/headers';
import { env } from '../config/env';
import { presentUser } from './present';
import { findSessionUser } from './sessions';

/** The user of a private page, read from the session cookie on the server; undefined when anonymous. */
export async function pageUser() {
  const token = (await cookies()).get(env().PRODUCT)?.value;
  return token ? findSessionUser(token) : undefined;
}

/**
 * The logged-in user for the shell (header, menus): null without a session, undefined when the
 * database cannot say now (the browser then asks `user_info` itself).
 */
export async function shellUser() {
  try {
    const row = await pageUser();
    return row ? presentUser(row) : null;
  } catch {
    return undefined;
  }
}
