import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as pluginDownload } from '@/app/api/market_plugins/plugins_download/route';
import { getDb } from '@/server/db/client';
import { apps, downloadDays } from '@/server/db/schema';
import { arrive, buildRequest, randomIp } from '../../support/api';
import { registerUser } from '../../support/factories';
import { startPortalServer } from '../../support/portal-server';
import { callApi, registerAdmin, releaseItem } from './support';

/**
 * A download counts only once its answer was handed over to the client: a call whose answer never
 * left (the client went away before it was written) counts nothing, not even as a raw call, and a
 * call answered in full counts once and says so in its `download_num`.
 */
let server: Awaited<ReturnType<typeof startPortalServer>>;
beforeAll(async () => {
  server = await startPortalServer();
});
afterAll(() => server.close());

const counts = async (id: number) => {
  const db = await getDb();
  const [app] = await db.select({ n: apps.downloadNum }).from(apps).where(eq(apps.id, id));
  const [days] = await db
    .select({ calls: sum(downloadDays.downloads) })
    .from(downloadDays)
    .where(eq(downloadDays.appId, id));
  return { public: app?.n ?? 0, calls: Number(days?.calls ?? 0) };
};

describe('counting a download', () => {
  it('counts nothing for an answer that was never handed over, and once for one that was', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id } = await releaseItem(dev, admin);
    const form = { id: String(id), type: 'plugins' };

    // The server had the answer, but the client was gone before it was written: Next cancels the body.
    const abandoned = await pluginDownload(await arrive(buildRequest({ form }), randomIp()));
    expect(abandoned.status).toBe(200);
    await abandoned.body?.cancel();
    expect(await counts(id)).toEqual({ public: 0, calls: 0 });

    const delivered = await callApi<{ download_num: number }>(pluginDownload, { form });
    expect(delivered).toMatchObject({ code: 1, info: { download_num: 1 } });
    expect(await counts(id)).toEqual({ public: 1, calls: 1 });
  });

  it('counts a download answered over HTTP once, with the whole answer said to be complete up front', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id } = await releaseItem(dev, admin);
    const response = await fetch(`${server.origin}/api/market_plugins/plugins_download`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: String(id) }).toString(),
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toMatchObject({ code: 1, info: { download_num: 1 } });
    // The client holds its whole answer by its length; the count follows once the server wrote it.
    await vi.waitFor(async () => expect(await counts(id)).toEqual({ public: 1, calls: 1 }));
  });
});
