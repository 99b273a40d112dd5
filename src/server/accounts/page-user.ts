import 'server-only';
import { headers } from 'next/headers';
import { env } from '../config/env';
import { readCookie } from '../http/cookies';
import { findSessionUser } from '../identity/sessions';
import { presentUser } from './present';
import { placeholderUser, SHELL_TEMPLATE_HEADER, shellSecret } from './shell-template';

/**
 * The user of a page, read from the session cookie on the server; undefined when anonymous. The
 * cookie is read as the page cache and the API read it (cookies.ts), never through another parser.
 */
export async function pageUser() {
  const token = readCookie((await headers()).get('cookie'), env().PRODUCT);
  return token ? findSessionUser(token) : undefined;
}

/**
 * The logged-in user for the shell (header, menus): null without a session, undefined when the
 * database cannot say now (the browser then asks `user_info` itself).
 */
export async function shellUser() {
  // Our own server asking for a logged-in shell: placeholders instead of an account (shell-template.ts).
  const [secret, shape] = ((await headers()).get(SHELL_TEMPLATE_HEADER) ?? '').split(' ');
  if (shape && secret === shellSecret()) return placeholderUser(shape) ?? undefined;
  try {
    const row = await pageUser();
    return row ? presentUser(row) : null;
  } catch {
    return undefined;
  }
}

/** Lets our server fill logged-in shells: who holds a token, as user_info answers it. */
export async function shellUserOfToken(token: string) {
  const row = await findSessionUser(token);
  return row ? presentUser(row) : null;
}
