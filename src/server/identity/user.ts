import 'server-only';
import { env } from '../config/env';
import type { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/**
 * Administrators: the database flag, or an address listed in ADMIN_EMAILS once its owner has proved
 * it (a verified login email). Registering the address, or typing it into a profile, proves nothing.
 */
export const isAdmin = (user: Pick<UserRow, 'email' | 'isAdmin' | 'emailVerifiedAt'>) =>
  user.isAdmin || (user.emailVerifiedAt !== null && adminAddress(user.email));

/** Whether proving this address makes its account an administrator (ADMIN_EMAILS). */
export const adminAddress = (email: string) => env().ADMIN_EMAILS.includes(email.toLowerCase());
