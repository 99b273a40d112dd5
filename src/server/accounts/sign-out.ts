import 'server-only';
import { invalid } from '../errors';
import { hashSessionToken, listSessions, revokeOtherSessions, revokeSessionById } from '../identity/sessions';

/**
 * "Sign out" of one session of the caller's, or of all the others (`all`: the caller stays signed in,
 * as after a password change). Answers how many ended and whether the caller's own session was among
 * them (its cookie is then cleared).
 */
export async function signOutSessions(args: {
  userId: number;
  target: { id: number } | { all: unknown };
  currentToken: string;
}) {
  if ('all' in args.target) {
    const ended = await revokeOtherSessions(args.userId, args.currentToken || undefined);
    return { ended, self: false };
  }
  const current = args.currentToken ? hashSessionToken(args.currentToken) : '';
  const own = (await listSessions(args.userId)).find((s) => s.id === (args.target as { id: number }).id);
  if (!own || !(await revokeSessionById(args.userId, own.id))) throw invalid('auth.api.sessionMissing');
  return { ended: 1, self: own.tokenHash === current };
}
