import 'server-only';
import { cookies } from 'next/headers';
import { findSessionUser } from '../accounts/sessions';
import { env } from '../config/env';

/** The user of a private market page, read from the session cookie on the server. */
export async function pageUser() {
  const token = (await cookies()).get(env().PRODUCT)?.value;
  return token ? findSessionUser(token) : undefined;
}
