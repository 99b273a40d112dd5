import { GET as provide } from '@/app/resource-api/provide/vod/route';
import { setAdmin } from '@/server/accounts/users';
import { getDb } from '@/server/db/client';
import { resourceStations } from '@/server/db/schema';
import { registerUser } from '../../support/factories';

export const validStation = (apiUrl: string, over: Record<string, unknown> = {}) => ({
  type_id: 1,
  name: '测试资源站',
  player_code: 'testm3u8',
  api_url: apiUrl,
  site_url: 'https://station.example.com',
  support: ['https', 'm3u8'],
  toll: '0',
  describe: '一个用于测试的资源站',
  ...over,
});

export async function registerAdmin() {
  const admin = await registerUser();
  await setAdmin(admin.email, true);
  return admin;
}

/** An approved station written directly (for collector edge cases that vod_add would refuse). */
export async function insertStation(userId: number, apiUrl: string, status = 1) {
  const db = await getDb();
  const [row] = await db
    .insert(resourceStations)
    .values({
      userId,
      typeId: 2,
      name: 'Broken station',
      playerCode: 'broken',
      apiUrl,
      siteUrl: 'https://broken.example.com',
      description: 'd',
      status,
      // Collected only when a test says so, never by another file's job run on a shared database.
      nextAttemptAt: new Date('9999-12-31T00:00:00Z'),
    })
    .returning();
  return row!;
}

/** GETs the portal's own provide/vod with a query string. */
export async function getProvide(query: string, lang?: string) {
  const headers = lang ? { lang } : undefined;
  const response = await provide(
    new Request(`http://localhost:3000/resource-api/provide/vod?${query}`, { headers }),
  );
  return { response, text: await response.text() };
}
