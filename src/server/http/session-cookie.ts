import 'server-only';
import { env } from '../config/env';
import { servedOverHttps } from './forwarded';

/** The `{product}` cookie holding the session token: HttpOnly, SameSite=Lax. */
export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  const parts = [
    `${env().PRODUCT}=${encodeURIComponent(token)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Expires=${expiresAt.toUTCString()}`,
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export const clearSessionCookie = () => `${env().PRODUCT}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;

/** Whether the session cookie may be marked Secure (see forwarded.ts for who may say https). */
export const isHttps = (request: Request) => servedOverHttps(request.headers);
