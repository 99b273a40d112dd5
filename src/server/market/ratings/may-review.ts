import 'server-only';
import type { ReviewBlock } from '@/contract/item-reviews';
import type { Db } from '../../db/client';
import type { UserRow } from '../../identity/user';
import { hasDownloaded } from './downloads';

/**
 * Whether a caller may review an item, else why not: logged in, with a verified address, not the
 * item's developer (no self-reviews), and having downloaded it while logged in.
 */
export async function reviewBlock(
  db: Db,
  user: UserRow | undefined,
  app: { id: number; ownerId: number },
): Promise<ReviewBlock> {
  if (!user) return 'login';
  if (!user.emailVerifiedAt) return 'verify';
  if (user.id === app.ownerId) return 'own';
  if (!(await hasDownloaded(db, user.id, app.id))) return 'download';
  return '';
}
