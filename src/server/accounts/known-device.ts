import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { env } from '../config/env';
import type { UserRow } from '../identity/user';

/**
 * A device that has logged in to an account keeps a cookie proving it, so guesses at that account from
 * elsewhere cannot lock it out (login-throttle.ts). The proof is keyed with the account's password
 * hash, which only the server holds: nothing to store, and a new password forgets every device.
 */
export const deviceCookieName = () => `${env().PRODUCT}_device`;

const DEVICE_DAYS = 365;

const mac = (user: UserRow, nonce: string) =>
  createHmac('sha256', user.passwordHash)
    .update(`login-device:${user.id}:${nonce}`)
    .digest('base64url')
    .slice(0, 32);

/** The Set-Cookie of a new device proof for `user`; sent to the login call only. */
export function deviceCookie(user: UserRow, secure: boolean): string {
  const nonce = randomBytes(16).toString('base64url');
  const parts = [
    `${deviceCookieName()}=${user.id}.${nonce}.${mac(user, nonce)}`,
    'Path=/api/user/login',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${DEVICE_DAYS * 86_400}`,
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The device's id when `cookie` proves an earlier login to `user`, else undefined. */
export function knownDevice(cookie: string | undefined, user: UserRow | undefined): string | undefined {
  const [id, nonce, proof, ...rest] = (cookie ?? '').split('.');
  if (!user || rest.length || !nonce || !proof || id !== String(user.id)) return undefined;
  const expected = Buffer.from(mac(user, nonce));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}
