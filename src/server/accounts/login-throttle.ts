import 'server-only';
import { RATE_LIMITS } from '@/contract/limits';
import { hitRateLimit } from '../http/rate-limit';
import type { UserRow } from '../identity/user';
import { knownDevice } from './known-device';

/**
 * Counts a login attempt before its password is checked (429 past a limit). A device that logged in
 * to the account before counts only against itself, so guesses from elsewhere never lock the owner
 * out; any other attempt counts per address, per address and account, and per account across all
 * addresses (a guess spread over many addresses waits too, but not the owner's known devices; on a
 * new device the owner logs in with a mailed link instead, login-link.ts).
 * These limits are not declared with the login operation: which ones apply depends on the account
 * the address belongs to and the device cookie it knows, which only the login service can tell.
 */
export async function throttleLogin(args: {
  email: string;
  ip: string;
  device: string | undefined;
  user: UserRow | undefined;
  now: Date;
}): Promise<void> {
  const { email, ip, now } = args;
  const device = knownDevice(args.device, args.user);
  if (device) return hitRateLimit(`login:device:${device}`, RATE_LIMITS.loginPerDevice, now);
  await hitRateLimit(`login:ip:${ip}`, RATE_LIMITS.loginPerIp, now);
  await hitRateLimit(`login:ip-account:${ip}:${email}`, RATE_LIMITS.loginPerIpAccount, now);
  await hitRateLimit(`login:account:${email}`, RATE_LIMITS.loginPerAccount, now);
}
