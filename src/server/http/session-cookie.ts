import 'server-only';
import { env } from '../config/env';

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

export const isHttps = (request: Request) =>
  new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
