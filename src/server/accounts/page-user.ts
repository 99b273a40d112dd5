import 'server-only';
import { cookies } from 'next/headers';
import { env } from '../config/env';
import { findSessionUser } from './sessions';

/** The user of a private page, read from the session cookie on the server; undefined when anonymous. */
export async function pageUser() {
  const token = (await cookies()).get(env().PRODUCT)?.value;
  return token ? findSessionUser(token) : undefined;
}
