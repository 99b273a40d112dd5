import 'server-only';
import type { SessionInfo } from '@/contract/account';
import { unixTime } from '@/contract/format';
import { hashSessionToken, listSessions } from '../identity/sessions';
import { deviceLabel } from './device';

/** The sessions list on /user: device, the address it signed in from, when it was last seen. */
export async function presentSessions(userId: number, currentToken: string): Promise<SessionInfo[]> {
  const current = currentToken ? hashSessionToken(currentToken) : '';
  return (await listSessions(userId)).map((s) => {
    const { browser, system } = deviceLabel(s.userAgent);
    return {
      id: s.id,
      current: s.tokenHash === current,
      device: [browser, system].filter(Boolean).join(' · '),
      ip: s.ip,
      create_time: unixTime(s.createdAt),
      last_seen: unixTime(s.lastSeenAt),
    };
  });
}
